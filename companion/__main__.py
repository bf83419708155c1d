"""`python -m companion` runs the CLI."""

from .app.cli import main

raise SystemExit(main())
