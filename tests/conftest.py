"""Suite-wide collection settings."""

collect_ignore = ["legacy"]  # the engines before the rebuild: imported by the differential test
