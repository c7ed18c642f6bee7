package trial

import (
	"strconv"
	"strings"
)

// Promise is what the vendor said about the machine, typed before the paste:
// gpu=A100-80G cards=8 nvlink=yes intranet=10g memory=80g busbw=200. Zero
// values mean "not promised" and are not checked.
type Promise struct {
	// GPU is the promise as typed; Model is its reading.
	GPU   string `json:"gpu,omitempty"`
	Model *Model `json:"model,omitempty"`
	// Cards is the number of GPUs.
	Cards int `json:"cards,omitempty"`
	// NVLink is nil when not promised.
	NVLink *bool `json:"nvlink,omitempty"`
	// IntranetGbps is the line rate of the intranet in Gbit/s (10 for 10G, 万兆).
	IntranetGbps float64 `json:"intranet_gbps,omitempty"`
	// MemoryGB is the memory per GPU; it overrides the memory named in GPU.
	MemoryGB int `json:"memory_gb,omitempty"`
	// BusGBs is the promised NCCL all-reduce bus bandwidth in GB/s.
	BusGBs float64 `json:"busbw_gbs,omitempty"`
	// Driver and CUDA are minimum versions ("535", "12.2").
	Driver string `json:"driver,omitempty"`
	CUDA   string `json:"cuda,omitempty"`
}

// memory is the promised memory per GPU, from memory= or from gpu=.
func (p Promise) memory() int {
	if p.MemoryGB > 0 {
		return p.MemoryGB
	}
	if p.Model != nil {
		return p.Model.MemoryGB
	}
	return 0
}

// Empty reports whether nothing was promised.
func (p Promise) Empty() bool {
	return p.Model == nil && p.Cards == 0 && p.NVLink == nil && p.IntranetGbps == 0 && p.MemoryGB == 0 &&
		p.BusGBs == 0 && p.Driver == "" && p.CUDA == ""
}

// ParseLineRate reads an intranet promise in Gbit/s: 10g, 10G, 10gbe,
// 25gbps, 100G, 10000m, 10000mbps, 万兆 (10 GbE), 千兆 (1 GbE), 25万兆 is not
// a thing and is refused. ok is false for anything else.
func ParseLineRate(s string) (float64, bool) {
	v := strings.ToLower(strings.TrimSpace(s))
	switch v {
	case "万兆", "万兆网", "万兆内网", "万兆网卡":
		return 10, true
	case "千兆", "千兆网", "千兆内网", "千兆网卡":
		return 1, true
	case "十万兆":
		return 100, true
	}
	v = strings.TrimSuffix(v, "/s")
	scale := 1.0
	for _, u := range []struct {
		suffix string
		scale  float64
	}{{"gbit", 1}, {"gbps", 1}, {"gbe", 1}, {"gb", 1}, {"g", 1}, {"mbit", 1e-3}, {"mbps", 1e-3}, {"mb", 1e-3}, {"m", 1e-3}} {
		if n, ok := strings.CutSuffix(v, u.suffix); ok {
			v, scale = n, u.scale
			break
		}
	}
	n, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	if err != nil || n <= 0 {
		return 0, false
	}
	g := n * scale
	if g < 0.1 || g > 1600 {
		return 0, false
	}
	return g, true
}

// versionAtLeast compares dotted versions numerically: "535.104.05" >= "535".
func versionAtLeast(have, want string) bool {
	h, w := strings.Split(have, "."), strings.Split(want, ".")
	for i := range w {
		wi, err := strconv.Atoi(w[i])
		if err != nil {
			return strings.Compare(have, want) >= 0
		}
		hi := 0
		if i < len(h) {
			hi, _ = strconv.Atoi(h[i])
		}
		if hi != wi {
			return hi > wi
		}
	}
	return true
}
