package feishu

import (
	"testing"
)

// FuzzVerifiedEvent: any plaintext that decrypts under our key and arrives
// correctly signed is answered with a status (never a panic). The seeds are
// the real payloads in testdata.
func FuzzVerifiedEvent(f *testing.F) {
	for _, name := range []string{"im_message_p2p_text.json", "im_message_group_post_mention.json", "card_action_trigger.json", "url_verification.json", "im_message_from_app.json"} {
		f.Add(fixture(f, name, ""))
	}
	f.Add([]byte(`{"schema":"2.0","header":{"event_type":"card.action.trigger","token":"` + testToken + `"},"event":{"action":{"value":{"action":"draft_sla","value":7}}}}`))
	f.Add([]byte(`{"schema":"2.0","header":{"event_type":"im.message.receive_v1","token":"` + testToken + `"},"event":{"message":{"message_id":"om","chat_id":"oc","message_type":"post","content":"{\"xx\":{\"content\":[[{\"tag\":\"text\"}]]}}"},"sender":{"sender_type":"user"}}}`))
	hs := newHarness(f)
	f.Fuzz(func(t *testing.T, plain []byte) {
		resp := hs.deliver(t, plain)
		switch resp.StatusCode {
		case 200, 400, 401, 502, 503:
		default:
			t.Errorf("plaintext %q: status %d", plain, resp.StatusCode)
		}
	})
}
