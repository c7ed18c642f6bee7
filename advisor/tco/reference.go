package tco

import "gpuadvisor/advisor"

// Reference is the unit price a missing metered item is estimated at, with
// the range it varies over in published Chinese cloud price lists and where
// the figure comes from. docs/quote.md lists the sources.
type Reference struct {
	// Line is the item the price is for.
	Line Line `json:"line"`
	// Price is the estimate in ¥ per GB (per GB-month for storage and
	// snapshots); Low and High bound it.
	Price float64 `json:"price"`
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
	// Unit names what the price is per.
	Unit advisor.Text `json:"unit"`
	// Source says where the figures come from, and when they were published.
	Source advisor.Text `json:"source"`
}

// References are the reference unit prices, in bill order of Metered.
// They are list prices of mainland-China public clouds as published in 2024–2025 (check the vendor's own page before signing): object
// storage at the low end and SSD cloud disks at the high end for storage;
// per-GB snapshot storage; pay-by-traffic public egress; intranet traffic,
// which most vendors do not charge within a region, up to the egress price
// at the high end.
var References = []Reference{
	{Line: Storage, Price: 0.35, Low: 0.12, High: 1.0, Unit: month,
		Source: advisor.Text{EN: "Alibaba Cloud OSS standard storage (≈0.12) to ESSD PL1 cloud disk (≈1.0), Tencent Cloud CBS premium disk (≈0.35); list prices, 2024–2025",
			ZH: "阿里云 OSS 标准存储（约0.12）到 ESSD PL1 云盘（约1.0），腾讯云 CBS 高性能云硬盘（约0.35）；2024–2025年公开刊例价"}},
	{Line: Snapshots, Price: 0.12, Low: 0.06, High: 0.2, Unit: month,
		Source: advisor.Text{EN: "Alibaba Cloud ECS snapshots (≈0.12); the range covers archive-tier snapshots and regional list prices, 2024–2025",
			ZH: "阿里云 ECS 快照（约0.12）；范围涵盖归档快照和各地域刊例价，2024–2025年"}},
	{Line: Egress, Price: 0.8, Low: 0.5, High: 1.0, Unit: perGB,
		Source: advisor.Text{EN: "Alibaba Cloud ECS pay-by-traffic internet egress (≈0.8), OSS internet outbound (≈0.5), Tencent Cloud CVM traffic (≈0.8–1.0); list prices, 2024–2025",
			ZH: "阿里云 ECS 按流量计费公网出流量（约0.8）、OSS 外网流出（约0.5）、腾讯云 CVM 流量（约0.8–1.0）；2024–2025年公开刊例价"}},
	{Line: Intranet, Price: 0.1, Low: 0, High: 0.5, Unit: perGB,
		Source: advisor.Text{EN: "no public list price: intranet traffic within a region is free at Alibaba Cloud and Tencent Cloud; GPU clouds that meter it past a quota quote up to the egress price",
			ZH: "没有公开刊例价：阿里云、腾讯云同地域内网流量免费；按额度计量内网的GPU云，超额单价最高约等于公网流量价"}},
}

// ReferenceFor returns the reference price of a metered item.
func ReferenceFor(l Line) (Reference, bool) {
	for _, r := range References {
		if r.Line == l {
			return r, true
		}
	}
	return Reference{}, false
}

var (
	month = advisor.Text{EN: "per GB-month", ZH: "每GB每月"}
	perGB = advisor.Text{EN: "per GB", ZH: "每GB"}
)
