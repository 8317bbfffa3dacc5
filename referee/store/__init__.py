"""Storage: the database, the models and the match ledger (design.md, Layers)."""
