"""The static site: the documentation with its play page, as a static host serves it."""
