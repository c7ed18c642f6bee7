package feishu

import (
	"os"
	"strings"
	"testing"

	"gpuadvisor/internal/testkit"
)

const vendorMsg = "om_vendor0011223344556677889900aa"

// Replying to a vendor's message with @gpuadvisor 检查 runs checklist check
// on the message replied to (parent_id), read back with Message.Get; the
// answer replies to the asker's message.
func TestReplyCheck(t *testing.T) {
	cases := []struct {
		name   string
		stored testkit.StoredMessage
		files  map[string]string
		want   []string
	}{
		{"text message", testkit.StoredMessage{Type: "text", Content: `{"text":"我们是A100 80G PCIe，没有NVLink，工作日白天支持。"}`}, nil, []string{"酷算云", "NVLink"}},
		{"post message", testkit.StoredMessage{Type: "post", Content: `{"title":"报价","content":[[{"tag":"text","text":"8卡A100 80G SXM4，NVLink全互联，7x24小时值守。"}]]}`}, nil, []string{"酷算云", "NVLink"}},
		{"text file", testkit.StoredMessage{Type: "file", Content: `{"file_key":"file_v3_answer","file_name":"answer.txt"}`},
			map[string]string{"file_v3_answer": "We have 8x A100 80GB PCIe, no NVLink. Support is business hours only."}, []string{"酷算云", "NVLink"}},
		{"image: not readable", testkit.StoredMessage{Type: "image", Content: `{"image_key":"img_v3_x"}`}, nil, []string{"只能读取文字"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			hs, _ := realHarness(t)
			hs.api.Stored = map[string]testkit.StoredMessage{vendorMsg: c.stored}
			hs.api.Files = c.files
			if resp := hs.deliver(t, fixture(t, "im_message_group_reply_check.json", "")); resp.StatusCode != 200 {
				t.Fatalf("status %d %s", resp.StatusCode, resp.Body)
			}
			msgs := hs.api.Messages()
			if len(msgs) != 1 {
				t.Fatalf("%d messages, want 1 (other: %v)", len(msgs), hs.api.Other())
			}
			body := msgs[0].Body.Content + string(msgs[0].Body.Card)
			for _, w := range c.want {
				if !strings.Contains(body, w) {
					t.Errorf("answer lacks %q: %.400s", w, body)
				}
			}
		})
	}
}

func TestReplyCheckWords(t *testing.T) {
	cases := []struct{ text, want string }{
		{"检查", "清单 检查"},
		{"check vendor=Acme", "checklist check vendor=Acme"},
		{"检查 供应商=酷算云", "清单 检查 供应商=酷算云"},
		{"试用 检查 型号=A100-80G 卡数=8", "试用 检查 型号=A100-80G 卡数=8"},
		{"trial check gpu=A100-80G", "trial check gpu=A100-80G"},
		{"清单 检查", "清单 检查"},
		{"计费 按需=35", ""},
		{"", ""},
	}
	for _, c := range cases {
		got, ok := replyCheck(c.text)
		if !ok {
			got = ""
		}
		if got != c.want {
			t.Errorf("replyCheck(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

// A text file sent one-to-one is read (im:resource): a file holding a
// command line is answered as that command; other text gets what was read
// and how to check it; a file that is not text says what is read. Never
// "text only" for a text file.
func TestFileMessage(t *testing.T) {
	smi, err := os.ReadFile("../../advisor/trial/testdata/smi_535_a100x8.txt")
	if err != nil {
		t.Fatal(err)
	}
	const key = "file_v3_00g2_5c7e0f2e-1a3b-4c5d-8e9f-0a1b2c3d4e5g"
	cases := []struct {
		name, file, content string
		want                []string
	}{
		{"tool output", "nvidia-smi.txt", string(smi), []string{"nvidia-smi", "4261", "试用 检查"}},
		{"a command line", "cmd.txt", "计费 按需=35 包月=15000 时长=300", []string{"10,500"}},
		{"not text", "photo.png", "\x89PNG", []string{"只能读取文字"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			hs, _ := realHarness(t)
			hs.api.Files = map[string]string{key: c.content}
			ev := edit(t, fixture(t, "im_message_p2p_file.json", ""), map[string]any{
				"event.message.content": `{"file_key":"` + key + `","file_name":"` + c.file + `"}`})
			if resp := hs.deliver(t, ev); resp.StatusCode != 200 {
				t.Fatalf("status %d %s", resp.StatusCode, resp.Body)
			}
			msgs := hs.api.Messages()
			if len(msgs) != 1 {
				t.Fatalf("%d messages, want 1", len(msgs))
			}
			if strings.Contains(msgs[0].Body.Content, "Text only") && c.file != "photo.png" {
				t.Errorf("a text file answered 'text only'")
			}
			for _, w := range c.want {
				if !strings.Contains(msgs[0].Body.Content, w) {
					t.Errorf("answer lacks %q: %.400s", w, msgs[0].Body.Content)
				}
			}
		})
	}
}
