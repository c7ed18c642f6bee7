package form

import (
	"strings"
	"sync"

	"gpuadvisor/advisor/catalog"
)

// Form ids of the message checks (opened by a message shortcut or a reply).
const (
	// CheckVendor is `checklist check` on a vendor's answer.
	CheckVendor = "checklist_check"
	// CheckTrial is `trial check` on pasted tool output.
	CheckTrial = "trial_check"
)

// The option lists of the selects.
var (
	tierModes = []Option{
		{Value: "lora", EN: "LoRA fine-tune", ZH: "LoRA 微调"},
		{Value: "qlora", EN: "QLoRA fine-tune", ZH: "QLoRA 量化微调"},
		{Value: "full", EN: "Full training", ZH: "全参训练"},
		{Value: "infer", EN: "Inference", ZH: "推理部署"},
	}
	precisions = []Option{
		{Value: "bf16", EN: "bf16", ZH: "bf16"},
		{Value: "fp16", EN: "fp16", ZH: "fp16"},
		{Value: "fp8", EN: "fp8", ZH: "fp8"},
		{Value: "int8", EN: "int8", ZH: "int8"},
		{Value: "int4", EN: "int4", ZH: "int4"},
	}
	renewalModes = []Option{
		{Value: "monthly", EN: "Monthly", ZH: "包月"},
		{Value: "quarterly", EN: "Quarterly", ZH: "包季"},
		{Value: "yearly", EN: "Yearly", ZH: "包年"},
	}
	yesNo = []Option{
		{Value: "yes", EN: "Yes", ZH: "是"},
		{Value: "no", EN: "No", ZH: "否"},
	}
)

// forms are every form, in menu order.
var forms = []*Form{
	{
		ID: "tier", Command: "tier", ZH: "选卡", TitleEN: "Pick GPUs (tier)", TitleZH: "选卡",
		Fields: []Field{
			{Key: "model", EN: "Model", ZH: "模型", Kind: External, Required: true, Example: "qwen2.5-14b",
				HintEN: "Type part of a preset's name: qwen, llama, deepseek …", HintZH: "输入预设名称的一部分：qwen、llama、deepseek……"},
			{Key: "mode", EN: "What you run", ZH: "用途", Kind: Select, Options: tierModes, Example: "lora"},
			{Key: "seq", EN: "Sequence length", ZH: "序列长度", Example: "4096", HintEN: "tokens per sequence: 4096, 32k", HintZH: "每条序列的 token 数：4096、32k"},
			{Key: "gpu", EN: "GPU (optional)", ZH: "显卡（可选）", Example: "a100-80g", HintEN: "leave empty to let the advisor choose", HintZH: "留空由顾问选择"},
			{Key: "cards", EN: "Cards (optional)", ZH: "卡数（可选）", Example: "8"},
			{Key: "precision", EN: "Precision", ZH: "精度", Kind: Select, Options: precisions, Example: "bf16"},
		},
	},
	{
		ID: "billing", Command: "billing", ZH: "计费", TitleEN: "Billing mode", TitleZH: "计费方式",
		Fields: []Field{
			{Key: "ondemand", EN: "On-demand price per card-hour", ZH: "按需单价（每卡每小时）", Required: true, Example: "35", HintEN: "35, ¥35/h", HintZH: "35、35元/时"},
			{Key: "monthly", EN: "Monthly price per card", ZH: "包月价（每卡每月）", Required: true, Example: "15000", HintEN: "15000, 15k", HintZH: "15000、1.5万"},
			{Key: "spot", EN: "Spot price per card-hour (optional)", ZH: "竞价单价（可选）", Example: "12"},
			{Key: "hours", EN: "Busy hours per card a month", ZH: "每卡每月使用时长", Required: true, Example: "300", HintEN: "300, or per day: 8h/day", HintZH: "300，或按天：每天8小时"},
			{Key: "cards", EN: "Cards", ZH: "卡数", Example: "4"},
			{Key: "months", EN: "Months of the project (optional)", ZH: "项目月数（可选）", Example: "6"},
			{Key: "min_months", EN: "Minimum term in months (optional)", ZH: "最短租期（月，可选）", Example: "3"},
		},
	},
	{
		ID: "quote", Command: "quote", ZH: "报价", TitleEN: "Compare quotes", TitleZH: "报价对比",
		Fields: []Field{
			{Key: "hours", EN: "Hours per card a month", ZH: "每卡每月时长", Example: "300", HintEN: "300, or 8h/day", HintZH: "300，或每天8小时"},
			{Key: "cards", EN: "Cards", ZH: "卡数", Required: true, Example: "8"},
			{Key: "storage_gb", EN: "Storage held, GB (optional)", ZH: "存储量 GB（可选）", Example: "2000"},
			{Key: "egress_gb", EN: "Egress per month, GB (optional)", ZH: "公网流量 GB/月（可选）", Example: "3000"},
			{Key: "run_tokens", EN: "Tokens of the whole run (optional)", ZH: "整个任务的 token 数（可选）", Example: "2b"},
		},
		Rows: &Rows{Prefix: "vendor", Max: 6, EN: "Vendor %d", ZH: "第%d家供应商", Fields: []Field{
			{Key: "name", EN: "Name", ZH: "名称", Required: true, Example: "A"},
			{Key: "price", EN: "Price per card-hour", ZH: "每卡每小时价格", Example: "35"},
			{Key: "monthly", EN: "Monthly price per card", ZH: "每卡包月价", Example: "15000"},
			{Key: "min_months", EN: "Minimum term, months", ZH: "最短租期（月）", Example: "3"},
			{Key: "tokens_s", EN: "Throughput, tokens/s", ZH: "吞吐（tokens/s）", Example: "21000"},
		}},
	},
	{
		ID: "renewal_add", Command: "renewal add", ZH: "续约 添加", TitleEN: "Add a renewal", TitleZH: "添加续约",
		Fields: []Field{
			{Key: "vendor", EN: "Vendor", ZH: "供应商", Required: true, Example: "酷算云"},
			{Key: "gpu", EN: "Card", ZH: "卡型", Required: true, Example: "A100-80G"},
			{Key: "cards", EN: "Cards", ZH: "卡数", Required: true, Example: "8"},
			{Key: "mode", EN: "Billing", ZH: "计费方式", Kind: Select, Options: renewalModes, Example: "monthly"},
			{Key: "price", EN: "Price per card for the period", ZH: "每卡每周期价格", Required: true, Example: "15000"},
			{Key: "renews", EN: "Renews on", ZH: "续约日", Kind: Date, Required: true, Example: "2027-03-01"},
			{Key: "notice", EN: "Notice period", ZH: "提前通知期", Example: "30d", HintEN: "30d, 4w, 1month", HintZH: "30天、4周、1个月"},
		},
	},
	{
		ID: CheckVendor, Command: "checklist check", ZH: "清单 检查", TitleEN: "Check vendor answer", TitleZH: "检查供应商答复",
		Fields: []Field{
			{Key: "vendor", EN: "Vendor", ZH: "供应商", Example: "酷算云", HintEN: "who sent it (optional; it names the check in your history)", HintZH: "发送方（可选；用于记录这次检查）"},
			{Key: "text", EN: "What the vendor said", ZH: "供应商的原话", Kind: Paste, Required: true, Example: "8x A100 80GB SXM4, NVLink, 7x24 support"},
		},
	},
	{
		ID: CheckTrial, Command: "trial check", ZH: "试用 检查", TitleEN: "Check trial output", TitleZH: "检查试用输出",
		Fields: []Field{
			{Key: "gpu", EN: "Promised GPU", ZH: "承诺的显卡", Example: "A100-80G"},
			{Key: "cards", EN: "Promised cards", ZH: "承诺的卡数", Example: "8"},
			{Key: "nvlink", EN: "NVLink promised", ZH: "是否承诺 NVLink", Kind: Select, Options: yesNo, Example: "yes"},
			{Key: "intranet", EN: "Promised intranet", ZH: "承诺的内网带宽", Example: "10g"},
			{Key: "output", EN: "Tool output", ZH: "工具输出", Kind: Paste, Required: true, Example: "nvidia-smi"},
		},
	},
}

// All returns every form, in menu order.
func All() []*Form { return forms }

// Menu are the forms offered as commands (not the message checks).
func Menu() []*Form { return forms[:4] }

var models struct {
	once sync.Once
	list []Option
}

// Models are the model presets as options (value the preset id, label its
// published name).
func Models() []Option {
	models.once.Do(func() {
		c, err := catalog.Default()
		if err != nil {
			return
		}
		for _, m := range c.Models() {
			models.list = append(models.list, Option{Value: m.ID, EN: m.Name, ZH: m.Name})
		}
	})
	return models.list
}

// SearchModels returns at most max presets whose id or name holds every
// word of query (case and -/_/space ignored); all of them, up to max, for
// an empty query.
func SearchModels(query string, max int) []Option {
	fold := func(s string) string {
		return strings.NewReplacer("-", "", "_", "", " ", "", ".", "").Replace(strings.ToLower(s))
	}
	words := strings.Fields(strings.ToLower(query))
	var out []Option
	for _, o := range Models() {
		hay := fold(o.Value + " " + o.EN)
		ok := true
		for _, w := range words {
			if !strings.Contains(hay, fold(w)) {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, o)
			if len(out) == max {
				break
			}
		}
	}
	return out
}
