"""Testing helpers for cardrules and for anyone testing code built on it (needs ``hypothesis``)."""
