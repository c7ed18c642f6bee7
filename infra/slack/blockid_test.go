package slack

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"gpuadvisor/chat"
)

// blockIDs returns the block_id of every block in a blocks JSON array.
func blockIDs(t *testing.T, blocks any) []string {
	t.Helper()
	var raw []byte
	switch b := blocks.(type) {
	case string:
		raw = []byte(b)
	default:
		raw, _ = json.Marshal(b)
	}
	var list []map[string]any
	if err := json.Unmarshal(raw, &list); err != nil {
		t.Fatalf("blocks are not a JSON array: %v\n%s", err, raw)
	}
	var ids []string
	for _, b := range list {
		if id, _ := b["block_id"].(string); id != "" {
			ids = append(ids, id)
		}
	}
	return ids
}

// Slack asks for a new block_id when a message is updated: each update of
// the same message (chat.update, and a response_url replace_original)
// carries buttons whose block_id was never sent before.
func TestPosterFreshBlockIDsOnUpdate(t *testing.T) {
	rec := newRecorder(t)
	p := NewPoster("xoxb-test-token", rec.apiURL(), rec.Client())
	rep := chat.Reply{Title: "draft", Summary: "Dear sales", Buttons: chat.StandardButtons(chat.EN, "tier model=qwen2.5-7b")}
	if len(Render(rep).Blocks) == 0 || len(blockIDs(t, Render(rep).Blocks)) == 0 {
		t.Fatal("the reply renders no block with a block_id: the test would prove nothing")
	}
	ctx := context.Background()
	for range 2 {
		if err := p.Post(ctx, chat.Target{Channel: "C1", Replace: "1700000000.000100"}, rep); err != nil {
			t.Fatal(err)
		}
		if err := p.Post(ctx, chat.Target{ResponseURL: rec.hookURL(), Replace: chat.ReplaceOriginal}, rep); err != nil {
			t.Fatal(err)
		}
	}
	var all []string
	for _, r := range rec.calls("/api/chat.update") {
		all = append(all, blockIDs(t, r.Form.Get("blocks"))...)
	}
	for _, r := range rec.calls("/hook") {
		all = append(all, blockIDs(t, r.JSON["blocks"])...)
	}
	if len(all) != 4 {
		t.Fatalf("got %d block ids over 2 updates and 2 replacements, want 4: %v", len(all), all)
	}
	seen := map[string]bool{}
	for _, id := range all {
		if seen[id] {
			t.Errorf("block_id %q sent twice for the same message; want a new one on each update (got %v)", id, all)
		}
		seen[id] = true
		if !strings.HasPrefix(id, ActionsBlockID+".") || len(id) > maxBlockID {
			t.Errorf("block_id %q, want %s.<suffix> within %d characters", id, ActionsBlockID, maxBlockID)
		}
	}
	// Render itself keeps the fixed id (golden files compare it).
	if got := blockIDs(t, Render(rep).Blocks); len(got) != 1 || got[0] != ActionsBlockID {
		t.Errorf("Render block ids %v, want [%s]", got, ActionsBlockID)
	}
}
