"""Code that runs a model (it imports torch): the ``measure`` command and the calibration harness.

Nothing outside this package imports torch; ``scan``, ``fix`` and ``report`` stay light.
"""
