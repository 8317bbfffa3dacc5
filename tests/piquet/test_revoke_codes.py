"""A revoke's consequence (PT 59 IV) by its code and parameters: the English word for word as
the engine said it before it had a code; the ruling's irregularity unchanged."""

from __future__ import annotations

from referee.cards import Card
from referee.piquet.irregular import revoke_irregularity
from referee.violations import consequence_words

KS, SEVEN_H, AC = Card(13, "S"), Card(7, "H"), Card(14, "C")


def test_the_cards_taken_back_by_each_hand() -> None:
    found = revoke_irregularity("tricks[4][1]", "younger", "spade", "replay",
                                {"elder": (KS,), "younger": (SEVEN_H, AC)}, (SEVEN_H, KS))
    assert found.consequence == (
        "The younger hand revoked in trick 5 (the seven of hearts on the king of spades): the "
        "cards from it on are taken back (the elder hand the king of spades; the younger hand "
        "the seven of hearts and the ace of clubs), the younger hand plays a spade, and the "
        "play goes on as though no error had been made (PT 59 IV); record the play again "
        "from there.")
    assert found.coded is not None and found.coded.code == "piquet.revoke.retaken.cards"
    fields = found.coded.as_fields()
    assert consequence_words(fields["consequence_code"], "",
                             fields["consequence_params"]) == found.consequence
    assert "coded" not in found.as_dict()


def test_reckon_nothing_names_the_adversary() -> None:
    found = revoke_irregularity("tricks[0][1]", "elder", "club", "reckon_nothing")
    assert found.coded is not None and found.coded.code == "piquet.revoke.reckon_nothing"
    assert dict(found.coded.params) == {"hand": "elder", "trick": 1, "adversary": "younger"}
    assert found.consequence.endswith(
        "its counts still barring a pique or repique of the younger hand (table option).")


def test_the_dealing_laws_by_their_codes() -> None:
    """PT 13, 14: a card exposed in dealing, a card found faced: the English as before."""
    from referee.piquet.irregular import exposed_in_dealing_irregularity, faced_card_irregularity

    names = {"elder": "Bill", "younger": "Ann"}
    found = exposed_in_dealing_irregularity("talon", "fresh_deal", names)
    assert found.coded is not None
    assert found.coded.code == "piquet.exposed_in_dealing.fresh_deal.talon"
    assert found.consequence == (
        "Ann (the younger hand), dealing, exposed a talon card: Bill (the elder hand) elected "
        "a fresh deal (PT 13); the same dealer deals again and this deal scores nothing.")
    own = exposed_in_dealing_irregularity("younger", "play_on")
    assert own.consequence == "The younger hand, dealing, exposed a card of its own: the deal " \
        "stands (PT 13)."
    faced = faced_card_irregularity("talon")
    assert faced.coded is not None and faced.coded.code == "piquet.faced_card.talon"
    assert faced.as_dict()["consequence"] == faced.consequence
