"""``python -m remi``: the ``remi`` command line (``remi.cli.main``), for an environment whose
scripts folder is not on ``PATH``."""

from __future__ import annotations

from remi.cli import main

if __name__ == "__main__":
    main()
