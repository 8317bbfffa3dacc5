from tests.api.deals import create_match, post_step, step_ok
from tests.pitch.test_variants import V14_1, V14_1_OPTIONS

def test_revoke(client):
    m = create_match(client, "pitch", ["Ann","Bob","Cid","Dee"], partnership=True, first_dealer="Dee", **V14_1_OPTIONS)
    i = m["id"]
    for c in V14_1["bids"]:
        step_ok(client, i, type="bid", call=c)
    tricks = [list(t) for t in V14_1["tricks"]]
    tricks[3][2] = "4D"; tricks[4][1] = "9S"
    for t in tricks:
        for c in t:
            r = post_step(client, i, type="card", card=c)
            if r.status_code != 201:
                print(c, r.status_code, r.json)
                r = post_step(client, i, type="card", card=c, anyway=True)
                print("anyway", r.status_code, r.json.get("scored") if r.status_code==201 else r.json)
    print(r.json.get("scored"))
