package vendor

import (
	"gpuadvisor/advisor"
	"gpuadvisor/advisor/tco"
)

// Filled is a line of the monthly bill no vendor's evidence prices (the
// team's price book and contracts keep card prices only), estimated as
// quote estimates a unit price a vendor left out: the workload's volume ×
// the reference unit price, the same for every vendor (tco.References,
// with its range and source).
type Filled struct {
	Line tco.Line
	// GB is the workload's volume a month; UnitPrice the reference price
	// in yuan per GB (per GB-month for storage and snapshots), Low and
	// High its range; Amount is GB × UnitPrice, in yuan.
	GB, UnitPrice, Low, High, Amount float64
	// Unit names what UnitPrice is per; Source where it comes from and
	// when it was published.
	Unit, Source advisor.Text
}

// fill estimates every metered line w states a volume for.
func fill(w Workload) []Filled {
	var out []Filled
	for _, l := range tco.Metered {
		gb, ok := w.Volumes[l]
		if !ok || gb <= 0 {
			continue
		}
		ref, ok := tco.ReferenceFor(l)
		if !ok {
			continue
		}
		out = append(out, Filled{Line: l, GB: gb, UnitPrice: ref.Price, Low: ref.Low, High: ref.High,
			Amount: gb * ref.Price, Unit: ref.Unit, Source: ref.Source})
	}
	return out
}

// filledTotal is what the filled lines add to a month, in yuan.
func filledTotal(fs []Filled) float64 {
	t := 0.0
	for _, f := range fs {
		t += f.Amount
	}
	return t
}

// LineName is a metered line in words.
func LineName(l tco.Line) advisor.Text {
	switch l {
	case tco.Storage:
		return advisor.Text{EN: "storage", ZH: "存储"}
	case tco.Snapshots:
		return advisor.Text{EN: "snapshots", ZH: "快照"}
	case tco.Egress:
		return advisor.Text{EN: "public egress", ZH: "公网流量"}
	case tco.Intranet:
		return advisor.Text{EN: "intranet traffic", ZH: "内网流量"}
	}
	return advisor.Text{EN: string(l), ZH: string(l)}
}
