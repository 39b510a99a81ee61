"""Tests of the web front-end example (``examples/web``)."""
