"""``python -m equity`` and the ``equity`` command (:func:`run`)."""

import sys


def run() -> int:
    """The ``equity`` command's entry point: :func:`equity.cli.main`, imported here so that
    a Ctrl-C while the command's modules load is a clean stop (exit 130), not a traceback."""
    try:
        from .cli import main
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    return main()


if __name__ == "__main__":
    sys.exit(run())
