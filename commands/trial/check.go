package trial

import (
	"fmt"
	"strings"

	root "gpuadvisor/advisor"
	advisor "gpuadvisor/advisor/trial"
	"gpuadvisor/chat"
)

// findingData is one finding in the JSON contract: the domain's Finding
// with its text in the reader's language as "message". Text shadows the
// Finding's bilingual text (a field of the outer struct wins over the
// embedded one of the same JSON name; nil is left out).
type findingData struct {
	advisor.Finding
	Text    *struct{} `json:"text,omitempty"`
	Message string    `json:"message"`
}

// unreadData is a Problem with its text in the reader's language, shadowed
// as in findingData.
type unreadData struct {
	advisor.Problem
	Text    *struct{} `json:"text,omitempty"`
	Message string    `json:"message"`
}

// checkData is the JSON of `trial check`: {"command":"trial","facts":{...},"mismatches":[...]}
// plus every check run, what could not be read and the rules applied.
type checkData struct {
	Command string `json:"command"`
	Mode    string `json:"mode"`
	// Vendor is vendor=; TrialID the id of the trial kept for it (empty
	// when not kept: the reply's warnings say why); Scope "channel" or
	// "team" with a vendor.
	Vendor  string `json:"vendor,omitempty"`
	Scope   string `json:"scope,omitempty"`
	TrialID string `json:"trial_id,omitempty"`
	// AlreadyStored: the same trial was recorded before (trial_id is it);
	// nothing was written.
	AlreadyStored bool              `json:"already_stored,omitempty"`
	Partial       bool              `json:"partial"`
	Tools         []string          `json:"tools"`
	Promised      advisor.Promise   `json:"promised"`
	Facts         advisor.Facts     `json:"facts"`
	Mismatches    []findingData     `json:"mismatches"`
	Checks        []findingData     `json:"checks"`
	Unread        []unreadData      `json:"unread"`
	Rules         map[string]string `json:"rules"`
}

// maxRows caps the GPU table of the text reply; the JSON has every GPU.
const maxRows = 16

func checkReply(lang chat.Lang, p advisor.Promise, r advisor.Report) chat.Reply {
	l := string(lang)
	f := r.Facts
	data := checkData{Command: "trial", Mode: "check", Partial: len(r.Problems) > 0, Tools: f.Tools, Promised: p, Facts: f,
		Mismatches: []findingData{}, Checks: []findingData{}, Unread: []unreadData{}, Rules: map[string]string{}}
	counts := map[string]int{}
	var fails, warns, notes, unverified []string
	rows := chat.Table{Title: chat.T(lang, "Promised vs measured", "承诺与实测对照"),
		Header: []string{chat.T(lang, "check", "检查项"), chat.T(lang, "promised", "承诺"), chat.T(lang, "measured", "实测"), chat.T(lang, "result", "结果")}}
	var ruleOrder []string
	for _, fd := range r.Findings {
		d := findingData{Finding: fd, Message: fd.Text.In(l)}
		data.Checks = append(data.Checks, d)
		counts[fd.Status]++
		if _, ok := data.Rules[fd.Rule]; !ok {
			data.Rules[fd.Rule] = advisor.RuleText(fd.Rule).In(l)
			ruleOrder = append(ruleOrder, fd.Rule)
		}
		switch fd.Status {
		case advisor.Fail:
			data.Mismatches = append(data.Mismatches, d)
			fails = append(fails, d.Message)
		case advisor.Warn:
			warns = append(warns, d.Message)
		case advisor.Unverified:
			unverified = append(unverified, d.Message)
		case advisor.Info:
			notes = append(notes, d.Message)
		}
		rows.Rows = append(rows.Rows, []string{ruleLabel(lang, fd.Rule), dash(fd.Promised), dash(chat.Truncate(fd.Measured, 48)), statusLabel(lang, fd.Status)})
	}
	for _, pr := range r.Problems {
		data.Unread = append(data.Unread, unreadData{Problem: pr, Message: pr.Text.In(l)})
	}

	rep := chat.Reply{Command: "trial", Lang: lang, Partial: data.Partial, Data: data}
	nf := counts[advisor.Fail]
	switch {
	case nf > 0 && p.Empty():
		rep.Title = chat.T(lang, "Trial check: "+plural(nf, "problem", "problems")+" found", fmt.Sprintf("试用实测：发现 %d 个问题", nf))
	case nf > 0:
		rep.Title = chat.T(lang, "Trial check: "+plural(nf, "mismatch", "mismatches")+" with what was promised", fmt.Sprintf("试用实测：%d 项与承诺不符", nf))
	case p.Empty():
		rep.Title = chat.T(lang, "Trial check: measured facts", "试用实测：测量结果")
	case counts[advisor.Unverified] > 0:
		rep.Title = chat.T(lang, "Trial check: no mismatch so far, some promises not shown yet", "试用实测：暂无不符，部分承诺尚未证实")
	default:
		rep.Title = chat.T(lang, "Trial check: as promised", "试用实测：与承诺一致")
	}
	rep.Summary = chat.T(lang,
		fmt.Sprintf("Read from the paste: %s. %s, %s, %s, %d not shown by the paste.", toolsText(f, ", "),
			plural(counts[advisor.Pass], "check passes", "checks pass"), plural(nf, "mismatch", "mismatches"), plural(counts[advisor.Warn], "warning", "warnings"), counts[advisor.Unverified]),
		fmt.Sprintf("已从粘贴内容读取：%s。%d 项合格，%d 项不符，%d 项需注意，%d 项粘贴内容未能证实。", toolsText(f, "、"),
			counts[advisor.Pass], nf, counts[advisor.Warn], counts[advisor.Unverified]))
	if p.Empty() {
		rep.Summary += " " + chat.T(lang,
			"Nothing was promised on the command line, so only the health checks ran; add the vendor's promises (gpu= cards= nvlink= intranet=) before the paste to compare them.",
			"命令中没有写承诺，因此只做了健康检查；请在粘贴内容前加上供应商的承诺（型号= 卡数= 互联= 内网=）以便对照。")
	}
	rep.Facts = facts(lang, f)
	if len(rows.Rows) > 0 {
		rep.Tables = append(rep.Tables, rows)
	}
	if t, ok := gpuTable(lang, f); ok {
		rep.Tables = append(rep.Tables, t)
	}
	if t, ok := topoTable(lang, f); ok {
		rep.Tables = append(rep.Tables, t)
	}
	if t, ok := iperfTable(lang, f); ok {
		rep.Tables = append(rep.Tables, t)
	}
	rep.Warnings = append(fails, warns...)
	for _, u := range data.Unread {
		rep.Warnings = append(rep.Warnings, fmt.Sprintf(chat.T(lang, "could not read all of %s: %s", "%s 未能完整读取：%s"), u.Tool, u.Message))
	}
	if len(unverified) > 0 {
		rep.Sections = append(rep.Sections, chat.Section{Title: chat.T(lang, "Promised but not shown by the paste", "已承诺但粘贴内容未能证实"), Lines: unverified})
	}
	if len(notes) > 0 {
		rep.Sections = append(rep.Sections, chat.Section{Title: chat.T(lang, "Notes", "说明"), Lines: notes})
	}
	if len(ruleOrder) > 0 {
		s := chat.Section{Title: chat.T(lang, "Rules applied", "判定规则")}
		for _, id := range ruleOrder {
			s.Lines = append(s.Lines, data.Rules[id])
		}
		rep.Sections = append(rep.Sections, s)
	}
	return rep
}

// plural writes "1 check" or "3 checks".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func dash(s string) string {
	if s == "" {
		return "–"
	}
	return s
}

var statusLabels = root.Lazy[map[string]advisor.Text]{New: func() map[string]advisor.Text {
	return map[string]advisor.Text{
		advisor.Pass:       {EN: "✓ pass", ZH: "✓ 合格"},
		advisor.Fail:       {EN: "✗ MISMATCH", ZH: "✗ 不符"},
		advisor.Warn:       {EN: "! check", ZH: "! 注意"},
		advisor.Unverified: {EN: "? not shown", ZH: "? 未证实"},
	}
}}

func statusLabel(lang chat.Lang, s string) string {
	return chat.Name(lang, statusLabels.Get(), s, advisor.Text{EN: "i note", ZH: "i 说明"})
}

var ruleLabels = root.Lazy[map[string][2]string]{New: func() map[string][2]string {
	return map[string][2]string{
		"smi_error":     {"nvidia-smi", "nvidia-smi"},
		"gpu_model":     {"GPU model", "GPU 型号"},
		"form_factor":   {"form factor", "版本（SXM/PCIe）"},
		"memory":        {"memory per GPU", "每卡显存"},
		"gpu_count":     {"cards", "卡数"},
		"count_sources": {"GPU count across tools", "各工具 GPU 数"},
		"nvlink":        {"NVLink", "NVLink"},
		"nccl_nvlink":   {"NVLink (NCCL)", "NVLink（NCCL）"},
		"intranet_tcp":  {"intranet TCP", "内网 TCP"},
		"udp_loss":      {"intranet UDP loss", "内网 UDP 丢包"},
		"iperf_error":   {"iperf3 run", "iperf3 运行"},
		"ecc":           {"ECC errors", "ECC 错误"},
		"power_cap":     {"power cap", "功耗上限"},
		"driver":        {"driver", "驱动"},
		"cuda":          {"CUDA", "CUDA"},
		"nccl_wrong":    {"NCCL #wrong", "NCCL #wrong"},
		"nccl_size":     {"NCCL message sizes", "NCCL 消息大小"},
		"nccl_gpus":     {"NCCL GPUs", "NCCL 卡数"},
		"busbw":         {"bus bandwidth", "总线带宽"},
		"nccl_nodes":    {"NCCL across machines", "NCCL 跨机"},
		"nccl_error":    {"NCCL run", "NCCL 运行"},
		"disk_rota":     {"disks (lsblk)", "磁盘（lsblk）"},
		"fio_error":     {"fio run", "fio 运行"},
		"xid":           {"Xid (dmesg)", "Xid（dmesg）"},
		"gpu_burn":      {"gpu_burn", "gpu_burn"},
	}
}}

func ruleLabel(lang chat.Lang, rule string) string {
	if l, ok := ruleLabels.Get()[rule]; ok {
		return chat.T(lang, l[0], l[1])
	}
	return rule
}

// toolsText lists the tools read, joined by sep, with the driver after the
// first nvidia-smi.
func toolsText(f advisor.Facts, sep string) string {
	parts := make([]string, len(f.Tools))
	shown := false
	for i, t := range f.Tools {
		parts[i] = t
		if strings.HasPrefix(t, "nvidia-smi") && t != advisor.ToolTopo && f.DriverVersion != "" && !shown {
			parts[i] += " (" + f.DriverVersion + ")"
			shown = true
		}
	}
	return strings.Join(parts, sep)
}
