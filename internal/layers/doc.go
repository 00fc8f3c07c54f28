// Package layers holds no code: its test holds every layer of satdoku
// (the encoder, the validator, the DIMACS comments and their reader) to
// the kinds of relation and constraint that the root package lists, so
// that a kind added to the model alone fails the tests, naming each layer
// that lacks it.
package layers
