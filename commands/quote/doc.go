// Package quote is the chat adapter of the quote comparison: it reads vendors'
// quotes from a command line (vendors separated by ";" or new lines, labelled
// "A:", vendor=A or name=A; keys before the first vendor apply to all) or from
// a YAML file (the CLI's --file, passed as the request's Attachment), calls
// advisor/tco and answers with each vendor's monthly TCO and line items, the
// items each quote left out (with the stated estimate that fills them), cost
// per 1M tokens, the cost of a whole run and the ranking.
//
// The YAML shape:
//
//	hours: 300          # GPU hours per card a month (all vendors)
//	run_tokens: 2b      # optional: size of a whole run
//	vendors:
//	  - name: A
//	    price: 35       # ¥ per card-hour (or monthly: ¥ per card-month)
//	    cards: 8
//	    storage_gb: 2000
//	    storage_price: 0.3
//	    tokens_s: 21000
//	  - name: B
//	    price: 29
//	    cards: 8
//	    egress_gb: 3000
//	    egress_price: 0.8
//	    tokens_s: 14000
//
// A top-level list of vendors, or a mapping of vendor name to its keys, is
// read too. Keys are the same as on the command line, Chinese aliases included.
//
// Input that cannot be read never disappears silently: a vendor that cannot
// be used is left out and named, an unknown key or word is named with the
// closest known key, and the reply is marked partial.
package quote
