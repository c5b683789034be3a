"""CLI commands kept in modules of their own; each registers on neuron_migrate.cli.app."""
