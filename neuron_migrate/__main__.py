"""`python -m neuron_migrate` and the `neuron-migrate` command.

Ctrl-C at any moment is one line and exit 130: ``cli.main`` turns it into that message
while it runs; before it (the package's ``__init__`` installs the handler as the command's
modules are imported) and after it (flushing, exiting), ``_interrupted`` does, where a
KeyboardInterrupt would print a traceback. Python's own start-up, before any of this
package's code runs, is Python's.

The command ends as ``sys.exit`` would end it, without the interpreter's teardown (``_leave``).
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
    _leave(code)


def _leave(code: int) -> None:
    """Exit with ``code`` after what Python's exit does first, in its order: wait for the threads
    (``threading._shutdown``: the process pool's are done), run the ``atexit`` functions, flush
    stdout and stderr. Then ``os._exit``, without freeing every module, object and the scan's
    results one by one (two full collections of the heap among it: on a cold scan of
    pytorch-image-models, 77 M instructions of the main process after the report). Nothing of
    this package is left to a finalizer: its files are written and closed with ``with``. A
    flush that fails is left to ``sys.exit``, whose message and status for it are Python's."""
    import atexit

    threading = sys.modules.get("threading")
    if threading is not None:
        threading._shutdown()
    atexit._run_exitfuncs()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except Exception:  # noqa: BLE001 - Python's own exit reports it
        sys.exit(code)
    os._exit(code)


if __name__ == "__main__":
    run()
