package dynamo

import (
	"encoding/json"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"gpuadvisor/advisor/pricebook"
	"gpuadvisor/advisor/renewal"
	"gpuadvisor/store"
	"gpuadvisor/store/storetest"
)

// The items this package wrote through attributevalue.MarshalMap, from the
// dynamodbav-tagged structs it had (kept here as they were, with what
// filled them; the check's and the trial's shared head embedded): what the hand-built items must equal, attribute for
// attribute, and what the readers must read, because tables hold them.
type (
	// oldRecord is what the two structs of a check and of a trial began
	// with, written once (attributevalue flattens an embedded struct).
	oldRecord struct {
		PK        string `dynamodbav:"pk"`
		SK        string `dynamodbav:"sk"`
		Type      string `dynamodbav:"type"`
		ExpiresAt int64  `dynamodbav:"expires_at"`
		ID        string `dynamodbav:"id"`
		Tenant    string `dynamodbav:"tenant"`
		Channel   string `dynamodbav:"channel"`
		User      string `dynamodbav:"user,omitempty"`
		TeamWide  bool   `dynamodbav:"team_wide,omitempty"`
		At        string `dynamodbav:"at"`
		Vendor    string `dynamodbav:"vendor,omitempty"`
	}
	oldCheckItem struct {
		oldRecord
		Private bool     `dynamodbav:"private,omitempty"`
		Verdict string   `dynamodbav:"verdict"`
		Covered int      `dynamodbav:"covered"`
		Risk    int      `dynamodbav:"risk"`
		Vague   int      `dynamodbav:"vague"`
		Missing int      `dynamodbav:"missing"`
		Ask     []string `dynamodbav:"ask,omitempty"`
		Risks   []string `dynamodbav:"risks,omitempty"`
	}
	oldTrialItem struct {
		oldRecord
		Promised oldPromiseAttr      `dynamodbav:"promised"`
		Tools    []string            `dynamodbav:"tools,omitempty"`
		Checks   []oldTrialCheckAttr `dynamodbav:"checks,omitempty"`
	}
	oldPromiseAttr struct {
		GPU          string  `dynamodbav:"gpu,omitempty"`
		Cards        int     `dynamodbav:"cards,omitempty"`
		NVLink       string  `dynamodbav:"nvlink,omitempty"`
		IntranetGbps float64 `dynamodbav:"intranet_gbps,omitempty"`
		MemoryGB     int     `dynamodbav:"memory_gb,omitempty"`
		BusGBs       float64 `dynamodbav:"busbw_gbs,omitempty"`
		Driver       string  `dynamodbav:"driver,omitempty"`
		CUDA         string  `dynamodbav:"cuda,omitempty"`
	}
	oldTrialCheckAttr struct {
		Rule     string `dynamodbav:"rule"`
		Item     string `dynamodbav:"item,omitempty"`
		Status   string `dynamodbav:"status"`
		Promised string `dynamodbav:"promised,omitempty"`
		Measured string `dynamodbav:"measured,omitempty"`
	}
	oldPriceItem struct {
		PK       string           `dynamodbav:"pk"`
		SK       string           `dynamodbav:"sk"`
		Type     string           `dynamodbav:"type"`
		Tenant   string           `dynamodbav:"tenant"`
		Channel  string           `dynamodbav:"channel"`
		TeamWide bool             `dynamodbav:"team_wide,omitempty"`
		AddedBy  string           `dynamodbav:"added_by,omitempty"`
		ID       string           `dynamodbav:"id"`
		GPU      string           `dynamodbav:"gpu"`
		Vendor   string           `dynamodbav:"vendor,omitempty"`
		OnDemand float64          `dynamodbav:"ondemand,omitempty"`
		Monthly  float64          `dynamodbav:"monthly,omitempty"`
		Spot     float64          `dynamodbav:"spot,omitempty"`
		Currency string           `dynamodbav:"currency"`
		Note     string           `dynamodbav:"note,omitempty"`
		Date     string           `dynamodbav:"date,omitempty"`
		Workload *oldWorkloadAttr `dynamodbav:"workload,omitempty"`
	}
	oldWorkloadAttr struct {
		Hours  float64            `dynamodbav:"hours"`
		Cards  int                `dynamodbav:"cards"`
		Months float64            `dynamodbav:"months,omitempty"`
		Usage  map[string]float64 `dynamodbav:"usage,omitempty"`
	}
	oldSettingsItem struct {
		PK        string `dynamodbav:"pk"`
		SK        string `dynamodbav:"sk"`
		Type      string `dynamodbav:"type"`
		Market    string `dynamodbav:"market,omitempty"`
		UpdatedBy string `dynamodbav:"updated_by,omitempty"`
		UpdatedAt string `dynamodbav:"updated_at,omitempty"`
	}
	oldRenewalItem struct {
		PK           string    `dynamodbav:"pk"`
		SK           string    `dynamodbav:"sk"`
		Type         string    `dynamodbav:"type"`
		GSI1PK       string    `dynamodbav:"gsi1pk,omitempty"`
		GSI1SK       string    `dynamodbav:"gsi1sk,omitempty"`
		Tenant       string    `dynamodbav:"tenant"`
		ID           string    `dynamodbav:"id"`
		Platform     string    `dynamodbav:"platform,omitempty"`
		Channel      string    `dynamodbav:"channel,omitempty"`
		CreatedBy    string    `dynamodbav:"created_by,omitempty"`
		Lang         string    `dynamodbav:"lang,omitempty"`
		CreatedAt    string    `dynamodbav:"created_at,omitempty"`
		Vendor       string    `dynamodbav:"vendor"`
		GPU          string    `dynamodbav:"gpu,omitempty"`
		Cards        int       `dynamodbav:"cards"`
		Mode         string    `dynamodbav:"mode"`
		Price        float64   `dynamodbav:"price"`
		OnDemand     float64   `dynamodbav:"ondemand,omitempty"`
		Renews       string    `dynamodbav:"renews"`
		NoticeDays   int       `dynamodbav:"notice_days"`
		NoticeMonths int       `dynamodbav:"notice_months,omitempty"`
		RemindDays   []int     `dynamodbav:"remind_days,omitempty"`
		TermMonths   int       `dynamodbav:"term_months,omitempty"`
		Usage        []float64 `dynamodbav:"usage_hours,omitempty"`
		NextCheck    string    `dynamodbav:"next_check,omitempty"`
		Scope        string    `dynamodbav:"scope,omitempty"`
		LastDelivery string    `dynamodbav:"last_delivery,omitempty"`
	}
)

func oldCheck(c store.Check) any {
	return oldCheckItem{
		oldRecord: oldRecord{PK: tenantPK(c.Tenant), SK: "CHECK#" + store.CheckTime(c.At) + "#" + c.ID, Type: "check", ExpiresAt: ceilSeconds(c.Expires()),
			ID: c.ID, Tenant: c.Tenant, Channel: c.Channel, User: c.User, TeamWide: c.TeamWide, At: c.At.UTC().Format(time.RFC3339Nano), Vendor: c.Vendor},
		Private: c.Private, Verdict: c.Verdict, Covered: c.Covered, Risk: c.Risk, Vague: c.Vague, Missing: c.Missing, Ask: c.Ask, Risks: c.Risks,
	}
}

func oldTrial(t store.Trial) any {
	it := oldTrialItem{
		oldRecord: oldRecord{PK: tenantPK(t.Tenant), SK: trialSK(t.ID), Type: "trial", ExpiresAt: ceilSeconds(t.Expires()),
			ID: t.ID, Tenant: t.Tenant, Channel: t.Channel, User: t.User, TeamWide: t.TeamWide, At: t.At.UTC().Format(time.RFC3339Nano), Vendor: t.Vendor},
		Promised: oldPromiseAttr(t.Promised), Tools: t.Tools,
	}
	for _, c := range t.Checks {
		it.Checks = append(it.Checks, oldTrialCheckAttr(c))
	}
	return it
}

func oldPrice(e pricebook.Entry) any {
	it := oldPriceItem{
		PK: tenantPK(e.Tenant), SK: priceSK(e.ID), Type: "price",
		Tenant: e.Tenant, Channel: e.Channel, TeamWide: e.TeamWide, AddedBy: e.AddedBy, ID: e.ID,
		GPU: e.GPU, Vendor: e.Vendor, OnDemand: e.OnDemand, Monthly: e.Monthly, Spot: e.Spot,
		Currency: e.Currency, Note: e.Note, Date: e.Date,
	}
	if w := e.Workload; w != nil {
		it.Workload = &oldWorkloadAttr{Hours: w.Hours, Cards: w.Cards, Months: w.Months, Usage: w.Usage}
	}
	return it
}

func oldSettings(tenant string, ts store.TeamSettings) any {
	return oldSettingsItem{PK: tenantPK(tenant), SK: "SETTINGS", Type: "settings", Market: ts.Market, UpdatedBy: ts.UpdatedBy, UpdatedAt: ts.UpdatedAt}
}

func oldRenewal(r renewal.Renewal) any {
	it := oldRenewalItem{
		PK: tenantPK(r.Tenant), SK: renewalSK(r.ID), Type: "renewal",
		Tenant: r.Tenant, ID: r.ID, Platform: r.Platform, Channel: r.Channel, CreatedBy: r.CreatedBy, Lang: r.Lang,
		Vendor: r.Vendor, GPU: r.GPU, Cards: r.Cards, Mode: string(r.Mode), Price: r.Price, OnDemand: r.OnDemand,
		Renews: r.Renews.String(), NoticeDays: r.NoticeDays, NoticeMonths: r.NoticeMonths, RemindDays: r.Offsets, TermMonths: r.TermMonths,
		Usage: r.Usage, NextCheck: r.NextCheck.String(), Scope: r.Scope,
	}
	if r.LastDelivery != nil {
		b, _ := json.Marshal(r.LastDelivery)
		it.LastDelivery = string(b)
	}
	if !r.CreatedAt.IsZero() {
		it.CreatedAt = r.CreatedAt.UTC().Format(time.RFC3339Nano)
	}
	if !r.NextCheck.IsZero() {
		it.GSI1PK, it.GSI1SK = duePK(r.NextCheck), dueSK(r.Tenant, r.ID)
	}
	return it
}

// itemCase is one record: the item attributevalue wrote for it, the one
// this package builds now, what reading the old item gives and what it
// must give (the record as it went in, but for what the stores always
// changed: times read back in UTC, a trial without checks reads nil).
type itemCase struct {
	name     string
	old, now map[string]types.AttributeValue
	read     func(map[string]types.AttributeValue) (any, error)
	want     any
}

func marshal(t *testing.T, v any) map[string]types.AttributeValue {
	t.Helper()
	av, err := attributevalue.MarshalMap(v)
	if err != nil {
		t.Fatalf("attributevalue.MarshalMap(%T): %v", v, err)
	}
	return av
}

func TestItemsAreWhatAttributevalueWrote(t *testing.T) {
	at := time.Date(2026, 12, 1, 18, 30, 0, 123456789, time.FixedZone("CST", 8*3600))
	fullCheck := storetest.SampleCheck("slack:T1", "C1", "U1", "k1", at)
	fullCheck.Private, fullCheck.TeamWide = true, true
	bareCheck := store.Check{ID: "k2", Tenant: "feishu:tk", Channel: "oc_1", At: at.UTC()}
	emptyCheck := store.Check{ID: "k3", Tenant: "feishu:tk", Channel: "oc_1", At: at, Ask: []string{}, Risks: []string{""}}

	fullTrial := storetest.SampleTrial("slack:T1", "G-private", "U1", "t1", at)
	fullTrial.TeamWide = true
	fullTrial.Promised.IntranetGbps, fullTrial.Promised.BusGBs = 6.25, 0.000001
	bareTrial := store.Trial{ID: "t2", Tenant: "slack:T1", Channel: "C1", At: at.UTC()}
	emptyTrial := store.Trial{ID: "t3", Tenant: "slack:T1", Channel: "C1", At: at.UTC(), Tools: []string{}, Checks: []store.TrialCheck{}}
	blankCheckTrial := store.Trial{ID: "t4", Tenant: "slack:T1", Channel: "C1", At: at.UTC(), Checks: []store.TrialCheck{{}, {Rule: "ecc", Status: "warn"}}}

	fullPrice := storetest.SamplePrice("slack:T1", "C1", "p1")
	fullPrice.TeamWide = true
	barePrice := pricebook.Entry{ID: "p2", Tenant: "slack:T1", Channel: "C1"}
	emptyUsage := storetest.SamplePrice("slack:T1", "C1", "p3")
	emptyUsage.Workload = &pricebook.Workload{Usage: map[string]float64{}}
	nilUsage := storetest.SamplePrice("slack:T1", "C1", "p4")
	nilUsage.Workload = &pricebook.Workload{Hours: 1e21, Cards: 1}

	fullRenewal := storetest.Sample("slack:T1", "r1")
	fullRenewal.Scope, fullRenewal.CreatedAt = renewal.ScopeTeam, fullRenewal.CreatedAt.In(time.FixedZone("CST", 8*3600))
	bareRenewal := renewal.Renewal{ID: "r2", Tenant: "slack:T1"}
	emptyRenewal := storetest.Sample("slack:T1", "r3")
	emptyRenewal.Offsets, emptyRenewal.Usage, emptyRenewal.NextCheck, emptyRenewal.LastDelivery = []int{}, []float64{}, renewal.Date{}, nil

	utc := func(c store.Check) store.Check { c.At = c.At.UTC(); return c }
	trialRead := func(tr store.Trial) store.Trial {
		tr.At = tr.At.UTC()
		if len(tr.Checks) == 0 {
			tr.Checks = nil
		}
		return tr
	}
	renewalRead := func(r renewal.Renewal) renewal.Renewal {
		r.CreatedAt = r.CreatedAt.UTC()
		return r
	}
	checkCase := func(name string, c store.Check) itemCase {
		return itemCase{name: name, old: marshal(t, oldCheck(c)), now: checkItem(c), want: utc(c), read: func(av map[string]types.AttributeValue) (any, error) {
			c, _, err := readCheck(av)
			return c, err
		}}
	}
	trialCase := func(name string, tr store.Trial) itemCase {
		return itemCase{name: name, old: marshal(t, oldTrial(tr)), now: trialItem(tr), want: trialRead(tr), read: func(av map[string]types.AttributeValue) (any, error) {
			return readTrial(av)
		}}
	}
	priceCase := func(name string, e pricebook.Entry) itemCase {
		return itemCase{name: name, old: marshal(t, oldPrice(e)), now: priceItem(e), want: e, read: func(av map[string]types.AttributeValue) (any, error) {
			return readPrice(av)
		}}
	}
	renewalCase := func(name string, r renewal.Renewal) itemCase {
		return itemCase{name: name, old: marshal(t, oldRenewal(r)), now: renewalItem(r), want: renewalRead(r), read: func(av map[string]types.AttributeValue) (any, error) {
			return fromItem(av)
		}}
	}
	settingsCase := func(name string, ts store.TeamSettings) itemCase {
		return itemCase{name: name, old: marshal(t, oldSettings("slack:T1", ts)), now: settingsItem("slack:T1", ts), want: ts, read: func(av map[string]types.AttributeValue) (any, error) {
			return readSettings(av)
		}}
	}
	for _, tt := range []itemCase{
		checkCase("a check, every field set, run privately and team-wide at +08:00", fullCheck),
		checkCase("a check with only its key", bareCheck),
		checkCase("a check with empty ask and an empty risk", emptyCheck),
		trialCase("a trial, every field set, fractional rates", fullTrial),
		trialCase("a trial with only its key", bareTrial),
		trialCase("a trial with empty, not nil, tools and checks", emptyTrial),
		trialCase("a trial whose checks have empty fields", blankCheckTrial),
		priceCase("a price, every field set, team-wide", fullPrice),
		priceCase("a price with only its key", barePrice),
		priceCase("a price whose workload has an empty usage map and zero hours", emptyUsage),
		priceCase("a price whose workload has no usage and 1e21 hours", nilUsage),
		renewalCase("a renewal, every field set, team-wide, created at +08:00", fullRenewal),
		renewalCase("a renewal with only its key", bareRenewal),
		renewalCase("a renewal with empty, not nil, offsets and usage, no reminder ahead", emptyRenewal),
		settingsCase("settings, every field set", store.TeamSettings{Market: "cn", UpdatedBy: "U1", UpdatedAt: "2026-12-01T10:00:00Z"}),
		settingsCase("settings with none chosen", store.TeamSettings{}),
	} {
		t.Run(tt.name, func(t *testing.T) {
			if !reflect.DeepEqual(tt.now, tt.old) {
				t.Errorf("the item differs from attributevalue's:\n%s", diffItems(tt.now, tt.old))
			}
			got, err := tt.read(tt.old)
			if err != nil {
				t.Fatalf("reading attributevalue's item: %v", err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("attributevalue's item reads back as\n%+v\nwant\n%+v", got, tt.want)
			}
		})
	}
}

// diffItems lists the attributes a and b do not share, or hold unlike
// (as "name: a | b").
func diffItems(a, b map[string]types.AttributeValue) string {
	names := map[string]bool{}
	for k := range a {
		names[k] = true
	}
	for k := range b {
		names[k] = true
	}
	var out []string
	for _, name := range slices.Sorted(maps.Keys(names)) {
		if !reflect.DeepEqual(a[name], b[name]) {
			out = append(out, name+": "+show(a[name])+" | "+show(b[name]))
		}
	}
	return strings.Join(out, "\n")
}

func show(av types.AttributeValue) string {
	if av == nil {
		return "(none)"
	}
	b, _ := json.Marshal(av)
	return kind(av) + string(b)
}

// SetUsage writes usage_hours as one attribute: what attributevalue.Marshal
// made of the hours, NULL for none.
func TestUsageHoursAreWhatAttributevalueWrote(t *testing.T) {
	for _, tt := range []struct {
		name  string
		hours []float64
	}{
		{"none (nil)", nil},
		{"empty", []float64{}},
		{"per card, fractional", []float64{310.25, 0, 1e-7, 744}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			old, err := attributevalue.Marshal(slices.Clone(tt.hours))
			if err != nil {
				t.Fatal(err)
			}
			if got := list(tt.hours, float); !reflect.DeepEqual(got, old) {
				t.Errorf("usage_hours = %s, attributevalue wrote %s", show(got), show(old))
			}
		})
	}
}

// An attribute of the wrong type, or a number that does not fit, makes the
// whole item unreadable, and the error names the attribute.
func TestFieldsNameTheAttributeThatDoesNotRead(t *testing.T) {
	good := trialItem(storetest.SampleTrial("slack:T1", "C1", "U1", "t1", time.Now()))
	for _, tt := range []struct {
		name, attr string
		spoil      func(attrs)
		read       func(map[string]types.AttributeValue) error
	}{
		{"a map where the time stood", "at", func(a attrs) { a["at"] = attrs{}.m() }, trialErr},
		{"a time that does not parse", "at", func(a attrs) { a["at"] = s("yesterday") }, trialErr},
		{"a string where a count stood", "promised.cards", func(a attrs) {
			a["promised"].(*types.AttributeValueMemberM).Value["cards"] = s("8")
		}, trialErr},
		{"a fraction where a count stood", "promised.memory_gb", func(a attrs) {
			a["promised"].(*types.AttributeValueMemberM).Value["memory_gb"] = float(80.5)
		}, trialErr},
		{"a number where a check's rule stood", "checks[1].rule", func(a attrs) {
			a["checks"].(*types.AttributeValueMemberL).Value[1].(*types.AttributeValueMemberM).Value["rule"] = boolean(true)
		}, trialErr},
		{"a string set where the tools list stood", "tools", func(a attrs) {
			a["tools"] = &types.AttributeValueMemberSS{Value: []string{"iperf3"}}
		}, trialErr},
		{"a string where team_wide stood", "team_wide", func(a attrs) { a["team_wide"] = s("true") }, trialErr},
		{"a list of maps where the price's workload stood", "workload", func(a attrs) { a["workload"] = list([]int{1}, num) }, priceErr},
		{"a string in the workload's usage", "workload.usage", func(a attrs) {
			a["workload"].(*types.AttributeValueMemberM).Value["usage"] = attrs{"egress": s("2000")}.m()
		}, priceErr},
	} {
		t.Run(tt.name, func(t *testing.T) {
			item := good
			if strings.HasPrefix(tt.attr, "workload") {
				item = priceItem(storetest.SamplePrice("slack:T1", "C1", "p1"))
			}
			item = cloneItem(item)
			tt.spoil(item)
			err := tt.read(item)
			if err == nil || !strings.Contains(err.Error(), "attribute "+tt.attr+":") {
				t.Errorf("read = %v, want an error naming attribute %s", err, tt.attr)
			}
		})
	}
	// NULL, as attributevalue read it, is the zero value
	item := cloneItem(good)
	item["tools"], item["promised"], item["user"] = null(), null(), null()
	tr, err := readTrial(item)
	if err != nil || tr.Tools != nil || tr.Promised != (store.TrialPromise{}) || tr.User != "" {
		t.Errorf("NULL tools, promised and user read as %v, %+v, %q, %v; want nil, zero, empty, no error", tr.Tools, tr.Promised, tr.User, err)
	}
}

func trialErr(item map[string]types.AttributeValue) error { _, err := readTrial(item); return err }
func priceErr(item map[string]types.AttributeValue) error { _, err := readPrice(item); return err }

// cloneItem copies an item deeply enough to spoil one attribute, nested or
// not, without touching the original.
func cloneItem(item map[string]types.AttributeValue) attrs {
	out := attrs{}
	for k, v := range item {
		out[k] = cloneAttr(v)
	}
	return out
}

func cloneAttr(av types.AttributeValue) types.AttributeValue {
	switch v := av.(type) {
	case *types.AttributeValueMemberM:
		return cloneItem(v.Value).m()
	case *types.AttributeValueMemberL:
		l := make([]types.AttributeValue, len(v.Value))
		for i, e := range v.Value {
			l[i] = cloneAttr(e)
		}
		return &types.AttributeValueMemberL{Value: l}
	}
	return av
}
