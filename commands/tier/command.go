package tier

import (
	"context"
	"fmt"

	"gpuadvisor/advisor/catalog"
	"gpuadvisor/chat"
	"gpuadvisor/commands/internal/keytab"
)

// Command returns the `tier` chat command (aliases vram, 显存, 选卡) for chat
// platforms: config= takes pasted JSON only.
func Command() *chat.Command { return NewCommand(Deps{}) }

// NewCommand returns the `tier` command with its dependencies: the terminal
// passes os.ReadFile so that config=<path> reads the file.
func NewCommand(d Deps) *chat.Command {
	run := func(ctx context.Context, c *chat.Call) (chat.Reply, error) { return runWith(ctx, c, d) }
	return &chat.Command{
		Name:    "tier",
		Aliases: []string{"vram", "显存", "选卡"},
		Summary: chat.Help("which GPU and how many for a model: memory per card, NVLink/InfiniBand, alternatives",
			"模型该租什么卡、租几张：每卡显存明细、是否需要 NVLink/InfiniBand、备选方案"),
		Examples: examples,
		ExampleZH: map[string]string{"mode=lora": "微调", "mode=qlora": "量化微调", "mode=infer": "推理", "mode=full": "全参",
			"recompute=full": "全部", "recompute=selective": "选择性", "recompute=none": "无"},
		Keys:   append(append([]chat.Key{}, keytab.TierKeys...), keytab.TierMoneyKeys...),
		Writes: chat.Reads,
		Run:    run,
	}
}

func runWith(ctx context.Context, c *chat.Call, d Deps) (chat.Reply, error) {
	cat, err := catalog.Default()
	if err != nil {
		return chat.Reply{}, fmt.Errorf("tier: load catalog: %w", err)
	}
	q, err := read(c.Args, c.Lang, cat, d)
	if err != nil {
		return chat.Reply{}, err
	}
	js, err := readJobSpec(c.Args, c.Lang, q.req.WithDefaults().Mode)
	if err != nil {
		return chat.Reply{}, err
	}
	if js != nil && js.perDay > 0 && !q.given["batch"] {
		// a daily volume is served in batches: size memory and the decode
		// bound for ServingBatch concurrent sequences (stated in the reply)
		q.req.Batch, js.batchDefault = ServingBatch, true
	}
	ch, err := choose(ctx, c, q, cat, d)
	if err != nil {
		return chat.Reply{}, err
	}
	ch.run = js
	adv, err := ch.advise(q.req)
	if err != nil {
		return chat.Reply{}, fmt.Errorf("tier: advise %+v: %w", q.req, err)
	}
	jb, err := js.cost(c.Lang, adv, ch)
	if err != nil {
		return chat.Reply{}, err
	}
	return reply(c.Lang, q, adv, ch, jb), nil
}
