"""`python -m neuron_migrate` and the `neuron-migrate` command.

Ctrl-C at any moment is one line and exit 130: ``cli.main`` turns it into that message
while it runs; before it (the package's ``__init__`` installs the handler as the command's
modules are imported) and after it (flushing, exiting), ``_interrupted`` does, where a
KeyboardInterrupt would print a traceback. Python's own start-up, before any of this
package's code runs, is Python's.
"""

import os
import signal
import sys


def _interrupted(signum, frame) -> None:
    os.write(2, b"neuron-migrate: interrupted\n")
    os._exit(130)


def run() -> None:
    signal.signal(signal.SIGINT, _interrupted)
    from neuron_migrate.cli import main

    try:  # each switch of handler inside: a Ctrl-C between two lines is caught too
        signal.signal(signal.SIGINT, signal.default_int_handler)
        code = main()
        signal.signal(signal.SIGINT, _interrupted)
    except KeyboardInterrupt:  # outside main's own handler
        _interrupted(signal.SIGINT, None)
    sys.exit(code)


if __name__ == "__main__":
    run()
