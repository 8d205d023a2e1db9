// online-game.mjs: a whole game of the 13-piece variant, from the start to
// Black's win (all 13 pieces home) in 142 moves: `halma engine` at depth 3 for
// both sides (`position variant 13 startpos moves ...`, `go depth 3`), checked
// against `halma serve`, which ends it with {"winner": "b", "reason": "goal"}.
// The online browser test plays it through two pages.

export const WHOLE_GAME_13 = [
  'o2-m4', 'b15-d13', 'p2-n4-l4', 'b16-d14-d12', 'o1-m3-k5', 'a15-c13-e11',
  'p3-n5-l3-l5-j5', 'c16-e14-c12-e12-e10', 'm4-k4-k6', 'd13-d11-f11', 'n1-l3-l5-j7', 'a14-c12-e12-g10',
  'o4-o2-m4-k4-i6-k8', 'd15-b15-d13-d11-f9-h11', 'l4-j6-j8', 'c14-a14-c12-e12', 'k5-k7-i9', 'e10-g12-i10-i8',
  'j5-l7-j9', 'e11-g11-g9', 'k8-i10-g12-e10', 'a13-c13-e11-g11-i11', 'j8-h10-f10-f12', 'c15-a13-c13-e11-e13-c11',
  'e10-d10', 'a16-a15', 'm1-m3', 'a15-c13-e11', 'n2-l4', 'e12-g12-i10-k8',
  'm2-m4-k4', 'd16-e15', 'm3-k5-k7-i7', 'b13-c13', 'o3-m3-k5-k7-k9', 'd12-f10-h8-j6',
  'f12-f10-d12', 'b14-c14', 'd12-c12', 'c14-d14', 'd10-b12', 'k8-k7',
  'k6-k8-i10', 'c13-d12', 'p1-o2', 'd12-f10-h10-j8-l6', 'o2-m4', 'c11-d10',
  'n3-l5-l7', 'e15-c13-c11-e9', 'p4-o5', 'd10-f12-f10-h8', 'l4-l5', 'k7-m5-m3',
  'j7-h9', 'i8-i6-k6', 'k4-m6-k8-k10-i8', 'l6-l4-n2', 'l5-j7-h7', 'e11-f10',
  'l7-k8', 'f10-h10-j8', 'i10-g12-e10', 'f11-d9-f9', 'k8-i10-g12', 'g10-g8-i6',
  'i8-g10', 'e9-f8', 'i7-g7-e9-e11', 'g9-i7-k5', 'h9-f11-d11-b13-b11-d13-d15', 'i11-g11-g9-i7',
  'm4-l5', 'j8-k7', 'h7-h9-f11-d11-b13-b11', 'h8-j10-j8-l6-l4', 'j9-h9-f11-d11-b13', 'f8-f10-h10-j8-l6',
  'l5-j7-h7', 'k6-k4-m4-m2-o2', 'k9-j10', 'i6-k6-k4-m4-m2', 'j10-h8-h6-j8-h10-f10-d12', 'h11-i10',
  'i9-h10', 'f9-h11-j9', 'c12-a12-c14-e14-c16', 'i10-k8', 'e10-e12-c12-a14', 'j9-l7-l5-l3-n3-p1',
  'o5-n5', 'd14-e13', 'n5-m6', 'k8-k6', 'h7-g8', 'i7-j7',
  'm6-l5', 'm3-o1', 'd12-c13', 'e13-f13', 'g12-e14', 'k5-m3-m1-o3',
  'h10-f10-d12-b14', 'k6-m6-k4', 'b12-d14-d16-b16', 'f13-g12', 'g10-f11', 'g12-h11',
  'c13-a15', 'h11-i10', 'g8-f9', 'j7-j5-l3-n1-p3', 'l5-k5', 'k7-m5',
  'k5-i7', 'l6-n4', 'f11-e12', 'j6-j5', 'e11-e13-e15-c15', 'j5-l3-n1',
  'i7-h8', 'm5-k3-k5-m3-m1', 'h8-g8', 'k4-m4-o4', 'g8-e10', 'i10-j9',
  'f9-d11', 'n4-p2', 'a14-a16', 'j9-k8', 'e10-c12-a14', 'k8-l7',
  'e12-c10-a12-c14', 'l7-m6', 'd11-c12', 'm6-l5', 'b11-d13-b15', 'l5-m4',
  'c12-c13', 'l4-n4-p4', 'e14-d14', 'm4-n3',
];
