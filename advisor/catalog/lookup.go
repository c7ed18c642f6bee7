package catalog

// FindGPU looks a GPU up by a forgiving name in the embedded catalog; see
// (*Catalog).FindGPU.
func FindGPU(name string) (GPUMatch, error) {
	c, err := Default()
	if err != nil {
		return GPUMatch{}, err
	}
	return c.FindGPU(name)
}

// FindModel looks a model preset up by a forgiving name in the embedded
// catalog; see (*Catalog).FindModel.
func FindModel(name string) (ModelMatch, error) {
	c, err := Default()
	if err != nil {
		return ModelMatch{}, err
	}
	return c.FindModel(name)
}

// Suggest returns the closest GPU or model id in the embedded catalog, for
// "did you mean"; "" only if the embedded catalog failed to load.
func Suggest(name string) string {
	c, err := Default()
	if err != nil {
		return ""
	}
	return c.Suggest(name)
}
