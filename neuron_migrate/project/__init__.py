"""Project-wide facts: what each file defines, imports and calls from traced code
(``summary``), resolved across the project's modules (``model``)."""
