// Whole snippets of the harness subset, each checked against what CPython prints for it (the
// expected text was produced by running the same snippet under CPython).

#include "tests/unit/host/host_test_support.h"

#include <gtest/gtest.h>

using namespace tsm;
using namespace tsm::host;

namespace {

struct Case
{
    const char *code;
    const char *expected;
};

const Case kCases[] = {
    {R"py(print(0.1+0.2))py",
     R"py(0.30000000000000004
)py"},
    {R"py(print(1e16, 1e-5, 1.5e300*1e10, -0.0, 2.0, 1/3, 100.0, 123456789012345.6))py",
     R"py(1e+16 1e-05 inf -0.0 2.0 0.3333333333333333 100.0 123456789012345.6
)py"},
    {R"py(print(7//2, -7//2, 7%-3, -7%3, 7/2, 2**10, 2**-1, divmod(-7, 2)))py",
     R"py(3 -4 -2 2 3.5 1024 0.5 (-4, 1)
)py"},
    {R"py(print(7.5//2, -7.5%2, round(2.5), round(3.5), round(2.675, 2), round(1234, -2)))py",
     R"py(3.0 0.5 2 4 2.67 1200
)py"},
    {R"py(x = [3, 1, 2]
x.sort()
print(x, sorted(x, reverse=True), sorted(['b','A','c'], key=lambda s: s.lower())))py",
     R"py([1, 2, 3] [3, 2, 1] ['A', 'b', 'c']
)py"},
    {R"py(d = {'a': 1, 'b': 2}
d['c'] = 3
del d['a']
print(d, list(d.items()), d.get('z', 0), len(d)))py",
     R"py({'b': 2, 'c': 3} [('b', 2), ('c', 3)] 0 2
)py"},
    {R"py(print(d := {1: 'x'}, d.keys(), d.values(), d.items()))py",
     R"py({1: 'x'} dict_keys([1]) dict_values(['x']) dict_items([(1, 'x')])
)py"},
    {R"py(print(f'{3.14159:.3f} {42:>8} {1234567:,} {0.256:.1%} {"s"!r} {7:08.3f} {255:#x} {5:^7}|'))py",
     R"py(3.142       42 1,234,567 25.6% 's' 0007.000 0xff    5   |
)py"},
    {R"py(w = 10
p = 3
print(f'{3.14159:{w}.{p}f}|{"ab":*<{w}}|'))py",
     R"py(     3.142|ab********|
)py"},
    {R"py(print('%d %s %.2f %5.1f %-4d| %x %r %%' % (3, 'hi', 2.345, 3.14159, 7, 255, 'q')))py",
     R"py(3 hi 2.35   3.1 7   | ff 'q' %
)py"},
    {R"py(print('{} {:>5} {name}'.format(1, 'ab', name='n')))py",
     R"py(1    ab n
)py"},
    {R"py(print(' a b  '.split(), 'a,b,,c'.split(','), '-'.join(['x','y']), '  hi '.strip(), 'abc'.upper(), 'Hello'.startswith('He')))py",
     R"py(['a', 'b'] ['a', 'b', '', 'c'] x-y hi ABC True
)py"},
    {R"py(print('abc'.replace('b', 'XX'), 'abcabc'.find('c'), 'abcabc'.count('b'), 'x'.ljust(3,'.'), 'x'.rjust(3), 'x'.center(4,'-'), '12'.isdigit()))py",
     R"py(aXXc 2 2 x..   x -x-- True
)py"},
    {R"py(def f(a, b=2, *args, c, d=4, **kw):
    return (a, b, args, c, d, kw)
print(f(1, c=3), f(1, 5, 6, 7, c=8, e=9)))py",
     R"py((1, 2, (), 3, 4, {}) (1, 5, (6, 7), 8, 4, {'e': 9})
)py"},
    {R"py(def outer():
    n = 0
    def inc():
        nonlocal n
        n += 1
        return n
    inc(); inc()
    return inc()
print(outer()))py",
     R"py(3
)py"},
    {R"py(fs = [lambda x, i=i: x + i for i in range(3)]
print([f(10) for f in fs]))py",
     R"py([10, 11, 12]
)py"},
    {R"py(print([x*y for x in range(3) for y in range(3) if x != y], {k: v for k, v in zip('ab', [1, 2])}, {x % 3 for x in range(10)}))py",
     R"py([0, 0, 0, 2, 0, 2] {'a': 1, 'b': 2} {0, 1, 2}
)py"},
    {R"py(print(sum(x*x for x in range(10)), any(x > 8 for x in range(10)), all([]), max([3, 9, 2]), min(4, 1, key=lambda v: -v)))py",
     R"py(285 True True 9 4
)py"},
    {R"py(a, *b, c = range(5)
print(a, b, c)
x = y = 5
print(x + y, 1 < 2 < 3, 1 < 3 < 2, not 0, None or 'z', 0 and 1))py",
     R"py(0 [1, 2, 3] 4
10 True False True z 0
)py"},
    {R"py(for i in range(5):
    if i == 3:
        break
else:
    print('no')
print(i)
while i > 0:
    i -= 1
    continue
print(i))py",
     R"py(3
0
)py"},
    {R"py(try:
    1/0
except ZeroDivisionError as e:
    print('caught', e, type(e).__name__)
finally:
    print('fin'))py",
     R"py(caught division by zero ZeroDivisionError
fin
)py"},
    {R"py(try:
    raise ValueError('bad', 3)
except (TypeError, ValueError) as e:
    print(repr(e), e.args))py",
     R"py(ValueError('bad', 3) ('bad', 3)
)py"},
    {R"py(def g():
    try:
        return 1
    finally:
        print('cleanup')
print(g()))py",
     R"py(cleanup
1
)py"},
    {R"py(x = [1, 2, 3, 4, 5]
print(x[1:3], x[::-1], x[-2:], x[::2], 'hello'[1:4], (1, 2, 3)[1:])
x[1:3] = [9]
print(x))py",
     R"py([2, 3] [5, 4, 3, 2, 1] [4, 5] [1, 3, 5] ell (2, 3)
[1, 9, 4, 5]
)py"},
    {R"py(print(isinstance(True, int), isinstance(1.0, (int, float)), type(3) == int, str(1.5), int('  42 '), float('1e3'), int(-3.9), bool([])))py",
     R"py(True True True 1.5 42 1000.0 -3 False
)py"},
    {R"py(print(list(enumerate('ab', 1)), list(zip([1, 2], 'xy')), list(map(str, [1, 2])), list(filter(None, [0, 1, 2])), list(reversed([1, 2, 3]))))py",
     R"py([(1, 'a'), (2, 'b')] [(1, 'x'), (2, 'y')] ['1', '2'] [1, 2] [3, 2, 1]
)py"},
    {R"py(print(abs(-3), abs(-2.5), pow(2, 10), pow(3, -1, 7), hex(255), bin(5), oct(8), chr(65), ord('a'), hash(1) == hash(1.0)))py",
     R"py(3 2.5 1024 5 0xff 0b101 0o10 A 97 True
)py"},
    {R"py(def deco(tag):
    def wrap(fn):
        def inner(*a, **k):
            return tag + str(fn(*a, **k))
        return inner
    return wrap
@deco('<')
@deco('>')
def h(x):
    return x * 2
print(h(4), h.__name__))py",
     R"py(<>8 inner
)py"},
    {R"py(print(repr('it\'s'), repr("a\nb"), str(None), [None, True, 1.0, 'a', (1,), ()], {1, 2} | {3}, set()))py",
     R"py("it's" 'a\nb' None [None, True, 1.0, 'a', (1,), ()] {1, 2, 3} set()
)py"},
    {R"py(s = 0
for i in range(100000):
    s += i % 7
print(s))py",
     R"py(299995
)py"},
    {R"py(print(__name__, 3 in [1, 2, 3], 'b' in 'abc', 2 in {1: 2}, [1, [2, 3]] == [1, [2, 3]], (1, 2) < (1, 3), 'a' * 3, [0] * 3))py",
     R"py(__main__ True True False True True aaa [0, 0, 0]
)py"},
    {R"py(x = 10
def f():
    global x
    x = 20
f()
print(x))py",
     R"py(20
)py"},
    {R"py(print(f'{1e16}', f'{1.0:.3}', f'{12345.678:e}', f'{0.000012345:g}', f'{1e100:g}', f'{-5:+d}', f'{True}', f'{3:b}'))py",
     R"py(1e+16 1.0 1.234568e+04 1.2345e-05 1e+100 -5 True 11
)py"},
    {R"py(print(round(0.5), round(-0.5), round(1.5), round(2.5, 0), round(-2.675, 2), 10 ** 18, -2 ** 2, (-2) ** 2))py",
     R"py(0 0 2 2.0 -2.67 1000000000000000000 -4 4
)py"},
    {R"py(print(int('0x1f', 16), int('101', 2), int('1_000'), float('inf'), float('-inf'), float('nan'), 1e309 - 1e309 == 0))py",
     R"py(31 5 1000 inf -inf nan False
)py"},
    {R"py(x = {'b': 1, 'a': 2}
for k, v in sorted(x.items()):
    print(k, v, end=';')
print()
print(*[1, 2], sep='-'))py",
     R"py(a 2;b 1;
1-2
)py"},
    {R"py(l = []
l.append(1); l.extend([2, 3]); l.insert(0, 0); l.remove(2)
print(l, l.pop(), l.index(1), l.count(1), l))py",
     R"py([0, 1] 3 1 1 [0, 1]
)py"},
    {R"py(print(max('abc'), min([[2], [1, 5]]), sorted([(2, 'b'), (1, 'z'), (2, 'a')])))py",
     R"py(c [1, 5] [(1, 'z'), (2, 'a'), (2, 'b')]
)py"},
    {R"py(t = (1, 2)
x, y = t
x, y = y, x
print(x, y, len(t), t.index(2), tuple([3]), list((4,)), dict(a=1), dict([('k', 2)])))py",
     R"py(2 1 2 1 (3,) [4] {'a': 1} {'k': 2}
)py"},
    {R"py(print(1 if [] else 2, [i for i in range(3)][-1], 'abc'[-1], str(12)[0], 5 // 2 * 2 + 5 % 2, 2 ** 3 ** 2, -7 // 2.0))py",
     R"py(2 2 c 1 5 512 -4.0
)py"},
};

} // namespace

TEST(InterpreterPrograms, PrintWhatCPythonPrints)
{
    for (const Case &c : kCases) {
        SCOPED_TRACE(c.code);
        test::RunResult r = test::run(c.code);
        EXPECT_TRUE(r.ok) << r.firstMessage();
        EXPECT_EQ(r.out, c.expected);
    }
}
