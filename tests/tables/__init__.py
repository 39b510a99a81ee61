"""Tests of cardrules.tables: tables, payloads, the store and the host."""
