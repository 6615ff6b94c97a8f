"""`referee board`: a picture of the table, read-only, in the terminal, in a browser, or as a file.

Every form draws the one view model of `referee.board.view`, which is built only from the documented
`--json` shapes of `referee.game_display`. The engine never imports this package.
"""

from referee.errors import RefereeError


class BoardError(RefereeError):
    """The board cannot be shown as asked (a port in use, a snapshot file that cannot be written)."""
