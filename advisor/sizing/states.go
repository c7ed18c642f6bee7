package sizing

// States is the memory of model states on one card, in bytes: 16-bit weights,
// 16-bit gradients and optimizer states.
type States struct {
	Weights, Gradients, Optimizer float64
}

// Total is the sum of the three.
func (s States) Total() float64 { return s.Weights + s.Gradients + s.Optimizer }

// ModelStates is the ZeRO partitioning of mixed-precision training states for
// params trainable parameters, optimizerBytes (K) per parameter, ZeRO stage
// zero and data-parallel degree n (Rajbhandari et al. 2020, §5):
//
//	stage 0: (2 + 2 + K)Ψ
//	stage 1: (2 + 2)Ψ + KΨ/N       (optimizer states partitioned)
//	stage 2: 2Ψ + (2 + K)Ψ/N       (+ gradients)
//	stage 3: (2 + 2 + K)Ψ/N        (+ parameters)
//
// With Adam (K = 12), Ψ = 7.5B and N = 64 this gives the paper's 120 GB,
// 31.4 GB, 16.6 GB and 1.9 GB.
func ModelStates(params, optimizerBytes float64, zero, n int) States {
	if n < 1 {
		n = 1
	}
	s := States{Weights: 2 * params, Gradients: 2 * params, Optimizer: optimizerBytes * params}
	N := float64(n)
	if zero >= 1 {
		s.Optimizer /= N
	}
	if zero >= 2 {
		s.Gradients /= N
	}
	if zero >= 3 {
		s.Weights /= N
	}
	return s
}
