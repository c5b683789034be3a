from neuron_migrate.cli import main

raise SystemExit(main())
