"""Statistics files (docs/format.md, "Statistics"): written canonically, read back as they
were written; a match's reader refuses one, and the statistics reader a match's file."""

from __future__ import annotations

import pytest

from referee.events.statistics import BidLine, PiquetStatistics, PitchStatistics
from referee.records import RecordFileError, read_record
from referee.records.statistics import StatisticsFile, read_statistics, write_statistics

PITCH = StatisticsFile("pitch", "Friday", pitch=(
    PitchStatistics("Bob", 2, -1, (BidLine(2, 1, 0), BidLine(3, 0, 1), BidLine(None, 1, 0)),
                    1, 1, 0, 0, 0),
    PitchStatistics("Dee")))
PIQUET = StatisticsFile("piquet", piquet=(
    PiquetStatistics("Bill", 1, 1, 0, 0, 1, 0, 6, 279, 5, 1, 0, 0),))


@pytest.mark.parametrize("stats", [PITCH, PIQUET])
def test_a_statistics_file_reads_back_as_written(stats: StatisticsFile) -> None:
    text = write_statistics(stats)
    assert read_statistics(text) == stats
    assert write_statistics(read_statistics(text)) == text


def test_the_pitch_file_as_docs_format_shows_it() -> None:
    text = write_statistics(PITCH)
    assert 'kind = "statistics"' in text and 'level = "none"' in text
    assert "[[player.bid]]\nlevel = 3\nmade = 0\nset = 1\n" in text


def test_each_reader_refuses_the_others_file() -> None:
    with pytest.raises(RecordFileError, match="kind"):
        read_record(write_statistics(PITCH))
    with pytest.raises(ValueError, match="not a statistics file"):
        read_statistics('format = 1\ngame = "piquet"\nplayers = ["Bill", "Ann"]\n')
    with pytest.raises(ValueError, match="whole number"):
        read_statistics('format = 1\nkind = "statistics"\ngame = "piquet"\n'
                        '[[player]]\nplayer = "Ann"\nwon = 1.5\n')
