package catalog

import "fmt"

// NotFoundError says a name matched no catalog row. Suggestion is the closest
// id of the same kind, for "did you mean".
type NotFoundError struct {
	// Kind is "gpu" or "model".
	Kind string
	// Name is the name as given.
	Name string
	// Suggestion is the closest catalog id ("" only when the catalog is empty).
	Suggestion string
}

func (e *NotFoundError) Error() string {
	if e.Suggestion == "" {
		return fmt.Sprintf("no %s called %q in the catalog", e.Kind, e.Name)
	}
	return fmt.Sprintf("no %s called %q in the catalog; closest: %s", e.Kind, e.Name, e.Suggestion)
}

// Assumption is a detail a name left out and the lookup filled in: which field
// ("memory" or "form" for a GPU, "family" or "version" for a model) and the
// value chosen. Callers show it so a renter can correct it.
type Assumption struct {
	Field string `json:"field"`
	Value string `json:"value"`
}
