package iss

import (
	"errors"
	"strings"
	"testing"

	"github.com/satdoku/satdoku"
)

// FuzzRead: Read never panics; it returns a puzzle whose grid is under
// the rules it made, or a *satdoku.ParseError placed inside the input.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		".~R1C1_5~R1C2_3_4.Cage~15~R1C3~R1C4.Thermo~R9C4~R8C3.Whisper~R1C1~R2C2.Whisper~4~R3C3~R3C4",
		".Renban~R1C1~R1C2.Modular~2~R2C1~R2C2.Modular~3~R3C1~R3C2~R3C3.Entropic~R4C1~R4C2.RegionSumLine~R1C3~R1C4",
		".Between~R5C1~R5C2~R5C3.Lockout~4~R6C1~R6C2~R6C3.Palindrome~R7C1~R7C2.Zipper~R8C1~R8C2~R8C3.SumLine~10~R9C1~R9C2",
		".Arrow~R1C1~R1C2.DoubleArrow~R2C1~R2C2~R2C3.PillArrow~2~R3C1~R3C2~R4C1.AllDifferent~R5C5~R6C6",
		".WhiteDot~R1C1~R1C2~R2C2.BlackDot~R3C3~R3C4.X~R4C4~R5C4.V~R6C6~R6C7.GreaterThan~R7C7~R7C8.StrictKropki.StrictXV",
		".LittleKiller~12~R1C3.Sandwich~5~C2.XSum~R1~15~20.Skyscraper~C3~~4.NumberedRoom~R4~5~.Diagonal~1.Diagonal~-1",
		".AntiKnight.AntiKing.Windoku.DisjointSets.AntiConsecutive.Quad~R1C1~1~2.ContainAtLeast~3_4~R9C9~R8C8.Indexing~R~R1C1",
		".Shape~6x6.Jigsaw~111222111222333444333444555666555666.NoBoxes.~R1C1_1",
		".Shape~9x9~0-8.~R1C1_0~R2C2_8_7.Cage~3~R1C2~R1C3.Arrow~R5C5~R5C6.V~R9C8~R9C9.Quad~R3C3~0~0.StrictXV",
		".Shape~6x6~0-5.Jigsaw~111222111222333444333444555666555666.Thermo~R1C1~R1C2.Shape~6x6~~Sudoku",
		".Shape~6x6~9.RegionSize~9.Var~S~shade~6x6.Var~M.~VS1_9~VM_1.Cage~10~VS2~R1C1.Arrow~VM~VS3~R6C6.Thermo~VS4~VS5",
		".Shape~9x9~11.Var~VT~cage%20type~31.Var~X~~2x3.Renban~VVT1~VVT2~VX6.Shape~10x10~0-9~Raw",
		".Var~S~shade~9x9.Replicate~_____________H~VS1.~VS1_1_2.End.Replicate~BE~R2C2.And.Replicate~D.Thermo~R2C2~R2C3.End.End.End",
		".Shape~16x16.~RgCg_16~RaC1_10.And.Thermo~R1C1~R1C2.End.SearchPriority~5~R1C1",
		".Or.~R1C1_1.End.Lunchbox~3~R1C1~R1C2",
		".Shape~6x6.AntiTaxicab.~R1C1_2",
		".Shape~9x9~0-8.EqualityCage~R1C1~R1C2~R2C1~R2C2.EqualityCage~R5C5~R5C6~R5C7",
		".HiddenSkyscraper~R1~3~.HiddenSkyscraper~C5~~6.Shape~4x4~0-3.HiddenSkyscraper~R2~0~2",
		".Lunchbox~10~R1C1~R1C2~R1C3~R1C4~R1C5.Shape~9x9~0-8.Lunchbox~~R2C2~R3C3.Lunchbox~99~R9C9",
		".FullRank~R1~3~5.FullRank~C9~~36.FullRankTies~any.Shape~4x4~0-3.FullRankTies~none.FullRank~C2~17~",
		".Shape~9x9~0-9.Doppelganger.~VDGZ_0~VDGR3_4.NoBoxes.Doppelganger.~R1C1_0.Shape~4x4~0-4",
		".Pair~_3_8H_wH8AHwAE~_ramp~R1C1~R1C2~~R3C3~R3C4.PairX~8H_xf8H_xf8H_B~R5C5~R6C6~R7C7.Binary~-3-8H-wH8AHwAE~R9C1~R9C2",
		".Shape~4x4.Or.Pair~SpE~_d1~R1C1~R2C2~R3C3.Pair~EGC~R3C3~R2C2~R1C1.Pair~IAB~R1C1~R2C2~R3C3.End.PairX~MGD~R4C1~R4C4",
		".Or.Pair~_3_8H_wH8AHwAE~R1C1~R1C2.Pair~_3_8H_wH8AHwAE~R1C2~R1C1.End.BinaryX~CoAKgCoAKgCoAC~R2C2~R2C3.StrictKropki",
		"https://sigh.github.io/Interactive-Sudoku-Solver/?mode=x&q=.%7ER1C1_5.Thermo%7ER1C1%7ER1C2+.Cage~3~R2C1~R2C2%",
		".Sum~0_=_1_1_1_-11~R2C7~R1C8~R1C7~R1C6.Sum~7~R1C1~R1C1.EqualSum~R1C3~R1C4~-~R1C6~-~~R2C2.SameValues~2~R8C9~R7C1",
		".ContainExact~1_1_2~R3C3~R3C4~R4C3.LookAndSay~1203~R5C5.RegionSameValues.RellikCage~7~R8C8~R8C9.CountingCircles~R1C7~R2C6~R2C7.CountDistinct~R9C9~R9C7~R9C6~R8C5.SumLine~15~R5C5~R5C6~R6C6~LOOP",
		"3x3:d:k:" + strings.Repeat("2561:", 81),
		strings.Repeat("j<<<<<<<<", 9),
		strings.Repeat("123456789", 81),
		".NFA~UgIT_EMhTHQn_hCEIQhCF_iEIShCE_xjGNYxjf5CEIwhCP8pSlaUpX-1rWta1r_Oc53HOd_oQhD0IQ_0pSmCUpgAX-pSlKUpT_Wta1rWt_sYxjGMY_zGMYxjGf7nOc5znP973ve97w~_row6-distance~R6C1~R6C2~R6C3~-~R6C4~~R1C1~VA1",
		".Regex~WzEtOF17OH0~R1C1~R2C2~R3C3~~R3C4~R3C5.Regex~KDEyfDIuM3wzLi40fDQuLi41fDUuLi4uNikuKg~R9C1~R9C2.Regex~1%7C2~R5C5",
		".PairX~ABIABIABI_HIAB~R1C1~R5C5~R9C9.Or.Cage~10~R1C1~R2C2.And.Thermo~R2C2~R1C1.Or.~R1C1_9.~R2C2_1.End.End.Pair~ABIABIABI_HIAB~R3C3~R3C4.End",
		".Shape~10x10~0-9.Pair~-3_____________-H~_0%2F9~R1C1~R1C2.PairX~8H_xf8H_xf8H_B~R5C5~R6C6.Or.XSum~R6~6~.Pair~vyvy~R1C1~R2C1.End.BlackDot~R3C3~R3C4",
		".Shape~6x6~9.RegionSameValues.Or.And.Sum~1_=_-1_1~R2C5~R1C5.EqualSum~R2C5~R1C5~-~R2C6.End.End.Regex~MC4q~R1C1~R1C2",
		".GlobalEntropy.GlobalMod.DutchFlatmates.ValueIndexing~R1C1~R1C2~R1C3~R1C4.Shape~9x9~0-8.ValueIndexing~R9C9~R8C8~R7C7",
		".Var~C~c~9x9.EqualSum~R1C8~VC8~-~R3C9~VC27.NFA~TIRYjGRcrZ40RomDhFCA~_x~VC1~VC2~VC10~VC11.Shape~9x9~0-15",
		".Shape~14x14~10~Raw.Var~P~physical~14x14.~R1C6_9~RaC5_10~VP3_1.AllDifferent~R1C1~R2C2~VP1.Cage~12~ReCe~RdCd.ConnectedValues~~3",
		".Shape~10x10~0-9~Raw.ContainExact~0_0_9~R1C1~R1C2~R1C3~R1C4.Whisper~4~R5C5~R6C6.BlackDot~R2C2~R2C3.Arrow~R9C9~RaCa",
		".Shape~4x4~2~Raw.Var~D~d.CountDistinct~VD~R1C1~R1C2~R1C3.~VD_2.Thermo~R4C1~R4C2.AntiKnight.Shape~4x4~~Raw",
		".Shape~9x9~~Raw.LittleKiller~10~R1C1.Jigsaw~111222111222333444333444555666555666.NoBoxes.Shape~9x9~9~Sudoku",
		".Shape~4x6~8.NoBoxes.AllDifferent~R1C2~R1C3~R4C6.Whisper~4~R1C3~R2C2.V~R1C1~R1C2.Replicate~D~R1C1.Thermo~R1C1~R1C2.End",
		".Shape~12x9~9~Raw.AllDifferent~R1C1~R1C9.~RcC9_9~R1C1_1.Var~V~v~3x3.Cage~10~VV1~RcC1.Shape~12x9~~Raw",
		".Shape~1x1~1-9.~R1C1_1.Var~L~left~9x9.AllDifferent~VL1~VL2.Shape~3x2.~R3C2_1.Shape~2x2~4",
		".Shape~4x4~0-3.NoBoxes.ChaosConstruction.ChaosArrow~R1C1~1~CC1~CC2~-~CC1~CC5.ChaosArrow~R2C2.ChaosCount~R3C3~0~CC11~CC7.ChaosCount~R4C4",
		".NoBoxes.ChaosConstruction.ChaosArrow~R5C5~0~CC41~-~CC41~-~CC41~CC42.ChaosArrow~R1C1~2~R1C2.ChaosCount~VX~0~CC1",
		".Shape~4x4.NoBoxes.ChaosConstruction.Regex~MTF8MjJ8MzN8NDQ~CC2~CC7.Regex~MQ~CC3.Or.Regex~MTF8MjI~CC1~CC2.~R1C1_1.End",
		".Shape~6x6~9.RegionSize~9.Windoku.DisjointSets.RegionSumLine~R1C1~R1C4~R4C4.Or.RegionSumLine~R2C2~R5C5.End",
		// Read since: Ors of outside clues, sets that share cells, a Pair
		// cell next to itself, dots between var cells, any modulus.
		".Or.XSum~C1~1~.XSum~C1~3~.Skyscraper~C1~2~.End.XSum~C1~5~.Or.NumberedRoom~R2~~4.XSum~R2~~9.End",
		".SameValues~2~R1C1~R1C1.SameValues~3~R1C1~R1C2~R1C2~R1C3~R1C3~R1C1.Pair~_3_8H_wH8AHwAE~R5C5~R5C5~R5C6~R5C6",
		".Var~D~d~2x2.Var~C~c~12.BlackDot~VD1~VD2~VD3~VD4.WhiteDot~VC1~VC10.X~VC9~VC10.GreaterThan~VC2~VC3~R1C1",
		".Modular~4~R1C1~R1C2~R1C3~R1C4~R1C5.Modular~12~R2C1~R2C2.Shape~9x9~0-8.Modular~9~R3C1~R3C2~R3C3",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Read(s)
		if err != nil {
			var pe *satdoku.ParseError
			if !errors.As(err, &pe) || p != nil {
				t.Fatalf("error %T %v with puzzle %v", err, err, p)
			}
			if want := satdoku.PositionAt([]byte(s), len(s)); pe.Pos.Line < 1 || pe.Pos.Line > want.Line {
				t.Fatalf("error at %v, outside the input (ends at %v)", pe.Pos, want)
			}
			return
		}
		if p == nil || p.Grid == nil || p.Grid.Rules() == nil {
			t.Fatalf("no grid: %v", p)
		}
	})
}
