package slack

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// withFakeFiles points a fixture's file URLs at the fake Slack, which
// serves content for them.
func withFakeFiles(f *fixture, body []byte, files map[string]string) []byte {
	f.rec.Files = files
	return bytes.ReplaceAll(body, []byte("https://files.slack.com/files-pri/"), []byte(f.rec.URL+"/files/"))
}

// A DM with a text snippet (subtype file_share, as bolt-python's test
// payload has it) is answered like its text, with the snippet as the pasted
// text; it used to be dropped.
func TestFileShareDM(t *testing.T) {
	f, _ := realFixture(t)
	body := withFakeFiles(f, readFixture(t, "event_message_im_file_share.json"), map[string]string{
		"T0001-F0SNIPPET1/download/answer.txt": "We have 8x A100 80GB PCIe, no NVLink. Support is business hours only.",
	})
	if res := invoke(t, f.h, event(t, body, testNow, false, nil)); res.StatusCode != http.StatusOK {
		t.Fatalf("status %d", res.StatusCode)
	}
	if n := len(f.rec.calls("/files/")); n != 1 {
		t.Errorf("file downloaded %d times, want 1", n)
	}
	pm := posts(f, "chat.postMessage")
	if len(pm) != 1 || pm[0]["channel"] != "D0DM12345" {
		t.Fatalf("posts %v; want one answer in the DM", pm)
	}
	if !strings.Contains(pm[0]["text"], "FastCompute") || !strings.Contains(pm[0]["blocks"], "NVLink") {
		t.Errorf("the answer does not check the snippet: %s", pm[0]["text"])
	}
}

// A DM that is only a file: a file holding a command line runs it; other
// text gets what was read and how to check it; a picture says what is read.
func TestFileOnlyDM(t *testing.T) {
	cases := []struct {
		name, file, mimetype, content string
		want                          string
	}{
		{"command line", "cmd.txt", "text/plain", "billing ondemand=35 monthly=15000 hours=300", "10,500"},
		{"other text", "answer.txt", "text/plain", "We have 8x A100 80GB PCIe.", "Check vendor answer"},
		{"picture", "quote.png", "image/png", "\x89PNG", "只能读取文字"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, _ := realFixture(t)
			p := payloadEvent(t, "event_message_im_file_share.json", map[string]any{"text": ""}, map[string]any{
				"name": c.file, "mimetype": c.mimetype, "filetype": strings.TrimPrefix(c.file[strings.LastIndex(c.file, "."):], "."), "mode": "hosted",
				"url_private_download": "https://files.slack.com/files-pri/T0001-F1/download/" + c.file})
			body := withFakeFiles(f, p, map[string]string{"T0001-F1/download/" + c.file: c.content})
			invoke(t, f.h, event(t, body, testNow, false, nil))
			pm := posts(f, "chat.postMessage")
			if len(pm) != 1 || !strings.Contains(pm[0]["text"]+pm[0]["blocks"], c.want) {
				t.Fatalf("posts %v; want one with %q", pm, c.want)
			}
		})
	}
}

// payloadEvent edits an event fixture's inner event and its first file.
func payloadEvent(t *testing.T, name string, ev, file map[string]any) []byte {
	t.Helper()
	edits := map[string]any{}
	for k, v := range ev {
		edits["event."+k] = v
	}
	b := payload(t, name, edits)
	if len(file) == 0 {
		return b
	}
	var m map[string]any
	jsonUnmarshal(t, b, &m)
	f0 := m["event"].(map[string]any)["files"].([]any)[0].(map[string]any)
	for k, v := range file {
		f0[k] = v
	}
	return jsonMarshal(t, m)
}

// An edited DM that had an error reply is answered once, for its new text;
// an edit of a message answered without an error is not.
func TestEditedCommand(t *testing.T) {
	f, _ := realFixture(t)
	orig := payload(t, "event_message_im.json", map[string]any{"event.text": "billing ondemand=35 monthly=15000 hours=lots", "event.ts": "1700000600.000100", "event_id": "Ev0ORIG"})
	invoke(t, f.h, event(t, orig, testNow, false, nil))
	eph := posts(f, "chat.postMessage")
	if len(eph) != 1 || !strings.Contains(eph[0]["text"]+eph[0]["blocks"], "hours") {
		t.Fatalf("original: %v; want one error reply naming hours", eph)
	}
	edit := readFixture(t, "event_message_changed.json")
	invoke(t, f.h, event(t, edit, testNow, false, nil))
	pm := posts(f, "chat.postMessage")
	if len(pm) != 2 || !strings.Contains(pm[1]["text"], "10,500") {
		t.Fatalf("after the edit: %v; want the answer to the edited text", pm)
	}
	// the same edit delivered again, and a second edit: no more answers
	invoke(t, f.h, event(t, edit, testNow, false, nil))
	again := payload(t, "event_message_changed.json", map[string]any{"event_id": "Ev0EDITED002", "event.message.text": "billing ondemand=36 monthly=15000 hours=300"})
	invoke(t, f.h, event(t, again, testNow, false, nil))
	if n := len(posts(f, "chat.postMessage")); n != 2 {
		t.Errorf("%d posts; an edit is answered once", n)
	}
	// an edit of a message that was answered fine is left alone
	g, _ := realFixture(t)
	good := payload(t, "event_message_im.json", map[string]any{"event.text": "billing ondemand=35 monthly=15000 hours=200", "event.ts": "1700000600.000100"})
	invoke(t, g.h, event(t, good, testNow, false, nil))
	invoke(t, g.h, event(t, edit, testNow, false, nil))
	if n := len(posts(g, "chat.postMessage")); n != 1 {
		t.Errorf("%d posts; an edit of an answered message is not answered", n)
	}
}

// A message shortcut on a message carrying a text snippet reads the
// snippet as the pasted text: at once when the vendor is named, on
// submission when the form opens first.
func TestShortcutReadsSnippet(t *testing.T) {
	f, _ := realFixture(t)
	file := map[string]any{"id": "F0SNIP2", "name": "nvidia-smi.txt", "mimetype": "text/plain", "filetype": "text", "mode": "snippet", "size": 2473,
		"url_private_download": "https://files.slack.com/files-pri/T0001-F0SNIP2/download/topo.txt"}
	topo := readFile(t, "../../advisor/trial/testdata/topo_a100x8_nv12.txt")
	p := payload(t, "message_action.json", map[string]any{"callback_id": ShortcutCheckTrial, "message.text": "topo from the trial box", "message.files": []any{file}})
	body := withFakeFiles(f, p, map[string]string{"T0001-F0SNIP2/download/topo.txt": topo})
	interact(t, f, body)
	views := openedViews(t, f, "views.open")
	if len(views) != 1 {
		t.Fatalf("views %d", len(views))
	}
	if n := len(f.rec.calls("/files/")); n != 0 {
		t.Errorf("the file was read before views.open (%d downloads); the trigger would expire", n)
	}
	status, resp := interact(t, f, payload(t, "view_submission.json", map[string]any{
		"view.callback_id": "form:trial_check", "view.private_metadata": views[0].PrivateMetadata,
		"view.state": map[string]any{"values": map[string]any{"gpu": textValue("A100-80G"), "cards": textValue("8"), "output": textValue("topo from the trial box")}},
	}))
	if status != http.StatusOK || resp != "" {
		t.Fatalf("submission: %d %q", status, resp)
	}
	eph := posts(f, "chat.postEphemeral")
	if len(eph) != 1 || !strings.Contains(eph[0]["blocks"], "NV12") && !strings.Contains(eph[0]["blocks"], "NVLink") {
		t.Fatalf("answer %v; want the topo check", eph)
	}
}

func jsonUnmarshal(t *testing.T, b []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatal(err)
	}
}

func jsonMarshal(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A mention carrying a snippet is answered in its thread with the snippet
// as the pasted text.
func TestMentionWithSnippet(t *testing.T) {
	f, _ := realFixture(t)
	topo := readFile(t, "../../advisor/trial/testdata/topo_a100x8_nv12.txt")
	file := map[string]any{"id": "F0SNIP3", "name": "topo.txt", "mimetype": "text/plain", "filetype": "text", "mode": "snippet", "size": len(topo),
		"url_private_download": "https://files.slack.com/files-pri/T0001-F0SNIP3/download/topo.txt"}
	p := payload(t, "event_app_mention_zh.json", map[string]any{"event.text": "<@U0BOT1234> 试用 检查 型号=A100-80G 卡数=8 互联=是", "event.files": []any{file}})
	body := withFakeFiles(f, p, map[string]string{"T0001-F0SNIP3/download/topo.txt": topo})
	invoke(t, f.h, event(t, body, testNow, false, nil))
	pm := posts(f, "chat.postMessage")
	if len(pm) != 1 || pm[0]["thread_ts"] != "1700000300.000100" {
		t.Fatalf("posts %v; want one answer in the mention's thread", pm)
	}
	if strings.Contains(pm[0]["blocks"], "请在承诺参数之后粘贴工具输出") || !strings.Contains(pm[0]["blocks"], "NV") {
		t.Errorf("the snippet was not read as the pasted output: %.400s", pm[0]["blocks"])
	}
}
