from neuron_migrate.launch import main

raise SystemExit(main())
