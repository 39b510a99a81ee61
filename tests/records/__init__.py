"""Tests of cardrules.records: JSON records, replay, hostile input, leak-proof views."""
