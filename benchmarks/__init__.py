"""Benchmarks of cardrules against OpenSpiel (see ``benchmarks/README.md``)."""
