"""Hex grid geometry: axial coordinates, distance, rotation, polyhex orientations."""

from hypothesis import given, strategies as st

from explorer.hexgrid import DIRECTIONS, Hex, hex_graph, normalise, orientations, ring, spiral

coords = st.integers(-30, 30)
hexes = st.builds(Hex, coords, coords)
shapes = st.lists(st.builds(Hex, st.integers(-3, 3), st.integers(-3, 3)), min_size=1, max_size=6)


@given(hexes)
def test_six_rotations_are_the_identity(h):
    assert h.rotate(6) == h
    assert h.rotate(3) == Hex(-h.q, -h.r)  # 180° is the point reflection


@given(hexes, hexes, st.integers(0, 5))
def test_rotation_keeps_distances(a, b, k):
    assert a.rotate(k).distance(b.rotate(k)) == a.distance(b)


@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a, b, c):
    assert a.distance(b) == b.distance(a) >= 0
    assert (a.distance(b) == 0) == (a == b)
    assert a.distance(c) <= a.distance(b) + b.distance(c)


@given(hexes)
def test_neighbours_are_at_distance_one_and_rotate_into_each_other(h):
    assert all(h.distance(n) == 1 for n in h.neighbors())
    assert len(set(h.neighbors())) == 6
    # rotating the direction vectors by 60° permutes them
    assert {d.rotate(1) for d in DIRECTIONS} == set(DIRECTIONS)


@given(hexes, st.integers(0, 5))
def test_rotation_about_a_centre(c, k):
    h = c + Hex(2, -1)
    assert h.rotate(k, center=c).distance(c) == 2  # distance to the centre is kept
    assert h.rotate(6, center=c) == h


def test_rotation_matches_cube_formula():
    # 60° clockwise: cube (q, r, s) -> (-r, -s, -q)
    h = Hex(2, -3)  # s = 1
    assert h.rotate(1) == Hex(3, -1)


def test_rings_and_spirals_count_cells():
    assert [len(ring(Hex(0, 0), k)) for k in range(5)] == [1, 6, 12, 18, 24]
    assert len(spiral(Hex(1, 1), 3)) == 37
    assert all(h.distance(Hex(0, 0)) == 3 for h in ring(Hex(0, 0), 3))


@given(shapes, st.integers(-5, 5), st.integers(-5, 5))
def test_normalise_ignores_translation(shape, dq, dr):
    moved = [h + Hex(dq, dr) for h in shape]
    assert normalise(moved) == normalise(shape)


@given(shapes)
def test_orientations_are_closed_under_rotation(shape):
    found = orientations(shape)
    assert 1 <= len(found) <= 6
    assert 6 % len(found) == 0  # the rotation group's orbit size divides 6
    for o in found:
        assert normalise(h.rotate(1) for h in o) in found
    with_mirror = orientations(shape, reflections=True)
    assert set(found) <= set(with_mirror) and len(with_mirror) <= 12


def test_known_polyhex_orientation_counts():
    mono = [Hex(0, 0)]
    line3 = [Hex(0, 0), Hex(1, 0), Hex(2, 0)]
    triangle = [Hex(0, 0), Hex(1, 0), Hex(0, 1)]
    bent = [Hex(0, 0), Hex(1, 0), Hex(1, 1)]   # the obtuse-angled tromino
    assert len(orientations(mono)) == 1
    assert len(orientations(line3)) == 3
    assert len(orientations(triangle)) == 2
    assert len(orientations(bent)) == 6


def test_hex_graph_adjacency():
    g = hex_graph(spiral(Hex(0, 0), 1))
    assert g.number_of_nodes() == 7
    assert g.degree(Hex(0, 0)) == 6
    assert g.number_of_edges() == 12
