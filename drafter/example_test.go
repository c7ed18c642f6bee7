package drafter_test

import (
	"context"
	"fmt"

	"gpuadvisor/chat"
	"gpuadvisor/drafter"
	"gpuadvisor/infra/memstore"
)

// printer is a chat.Poster that prints what it posts.
type printer struct{}

func (printer) Post(_ context.Context, t chat.Target, rep chat.Reply) error {
	fmt.Printf("to %s: %s\n", t.Channel, rep.Title)
	return nil
}

// A job delivered twice is done once.
func ExampleRunner_Run() {
	r := chat.NewRouter() // the bot's router in real use
	r.Register(&chat.Command{Name: "greet", Run: func(context.Context, *chat.Call) (chat.Reply, error) {
		return chat.Reply{Title: "hello, world"}, nil
	}})
	run := &drafter.Runner{Handler: r, Posters: map[string]chat.Poster{"feishu": printer{}}, Dedupe: &memstore.Deduper{}}
	job := chat.Job{ID: "om_123", Request: chat.Request{Text: "greet", Platform: "feishu"}, Target: chat.Target{Channel: "oc_42"}}
	_ = run.Run(context.Background(), job)
	_ = run.Run(context.Background(), job)
	// Output:
	// to oc_42: hello, world
}
