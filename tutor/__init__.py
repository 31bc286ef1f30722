"""The boundary between files and engines: strict loading, questions, lessons, CLI."""
