"""Tests of the tables server, cardrules serve (``cardrules.web``), and its clients."""
