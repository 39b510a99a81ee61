"""The engines as they were before the rebuild of both games (temporary).

A frozen copy of ``cardrules.spoil_five`` and ``cardrules.my_bird_sings`` (with the
helpers they used), kept only while the new engines are checked against it by
``tests/test_differential.py`` and timed against it by ``benchmarks/bench.py --legacy``.
It goes once the golden counts under ``tests/golden/`` pin the new engines.
"""
