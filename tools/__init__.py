"""Maintainers' tools: run from the repository's root, never shipped in the package."""
