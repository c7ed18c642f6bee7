// Package billing is the chat command `billing` (计费): it reads the prices
// and the busy hours of each card as people type them, asks
// advisor/billing for the plan, and answers with a chat.Reply whose text
// shows every number with its rule and whose Data is the JSON contract
//
//	{"command":"billing","recommendation":"on_demand|monthly|spot|hybrid",
//	 "break_even_hours":x,"costs":{"on_demand":..,"monthly":..,"spot":..|null,"hybrid":..},
//	 "reserved_cards":n,"savings":.., ...}
//
// Money is per month for all cards, in the input's currency; costs.spot is
// null when no spot price was given.
package billing
