package checklist

import (
	"strings"
	"testing"
)

// TestInvoice: how sales answer the invoice and tax question, and the reason
// each answer gets (a word of its why: what is still to ask, or the risk).
func TestInvoice(t *testing.T) {
	tests := []struct {
		text string
		want Status
		why  string // in Why.EN
	}{
		// the kind of invoice and whether prices include VAT: covered
		{"可以开增值税专用发票，税率6%，报价含税", Covered, "Clear and acceptable"},
		{"We issue VAT special invoices (6%), prices include VAT", Covered, "Clear and acceptable"},
		{"专票可以开的，价格是含税的哈", Covered, "Clear and acceptable"},
		{"含税含票 可开专票", Covered, "Clear and acceptable"},
		{"普票专票都可以开，报价含税", Covered, "Clear and acceptable"},
		{"不含税的专票价是4.2万/月", Covered, "Clear and acceptable"}, // 不含税 does not negate 专票
		{"prices exclude VAT, and we can issue a special VAT invoice", Covered, "Clear and acceptable"},
		// an invoice with nothing on its kind or the tax: vague, ask both
		{"可以开票", Vague, "VAT special invoice (专票) or an ordinary one"},
		{"发票没问题", Vague, "VAT special invoice (专票) or an ordinary one"},
		{"能开发票的 您放心", Vague, "VAT special invoice (专票) or an ordinary one"},
		{"we can provide invoices", Vague, "VAT special invoice (专票) or an ordinary one"},
		{"只接受对公转账", Vague, "VAT special invoice (专票) or an ordinary one"},
		// the tax answered, not the invoice: vague, ask for the special invoice
		{"报价不含税", Vague, "not which invoice"},
		{"价格不含税，税点另算", Vague, "not which invoice"},
		{"prices exclude VAT", Vague, "not which invoice"},
		{"以上价格均未含税", Vague, "not which invoice"},
		// the special invoice, not the tax: vague, ask whether prices include it
		{"发票的话可以开专票，13%的", Vague, "tax-inclusive"},
		{"A100 80G SXM4现货，只接受对公转账，可开增值税专用发票。", Vague, "tax-inclusive"},
		{"应该能开专票，含税", Vague, "hedge"},
		{"一般来说可以开专票，含税", Vague, "hedge"},
		{"我们是一般纳税人，可以开专票，含税", Covered, "Clear and acceptable"}, // a taxpayer's kind, not a hedge
		// ordinary invoices only: a risk (the input VAT is not deductible)
		{"只能开普票", Risk, "cannot be deducted"},
		{"不好意思 我们这边只能开普票哈", Risk, "cannot be deducted"},
		{"不能开专票，只能开普票", Risk, "cannot be deducted"},
		{"专票开不了，只能开普票", Risk, "cannot be deducted"},
		{"我们是小规模，开不了专票", Risk, "cannot be deducted"},
		{"only ordinary invoices", Risk, "cannot be deducted"},
		{"we only issue ordinary invoices, prices include VAT", Risk, "cannot be deducted"},
		{"可以开普票，含税价", Risk, "cannot be deducted"},
		// no invoice or a personal account: the severe red flag's risk
		{"不开发票", Risk, "no invoice, or payment to a personal account"},
		{"走个人账户", Risk, "no invoice, or payment to a personal account"},
		{"走个人账户付款，不开发票可以再便宜", Risk, "no invoice, or payment to a personal account"},
		{"发票的话我们这边开不了", Risk, "no invoice, or payment to a personal account"},
		{"专票普票都开不了", Risk, "no invoice, or payment to a personal account"},
		{"pay in cash, no invoice", Risk, "no invoice, or payment to a personal account"},
		// not about the invoice the vendor issues
		{"outage hours are credited on the next invoice", Missing, ""},
		{"compensation is a credit on the next invoice or a refund", Missing, ""},
		{"需要开专票吗？", Missing, ""},
	}
	for _, tt := range tests {
		f := findingOf(Check(tt.text), "bill.invoice")
		if f.Status != tt.want || !strings.Contains(strings.ToLower(f.Why.EN), strings.ToLower(tt.why)) {
			t.Errorf("Check(%q) bill.invoice: got %s (%q: %s), want %s with %q", tt.text, f.Status, f.Evidence, f.Why.EN, tt.want, tt.why)
		}
		if f.Status != Missing && !strings.Contains(tt.text, strings.TrimSuffix(f.Evidence, "…")) {
			t.Errorf("Check(%q) bill.invoice: evidence %q is not quoted from the text", tt.text, f.Evidence)
		}
	}
}
