café = 1
π = 3.14159
变量 = café + π
größe = 2
Ωmega_µ = 3
x·y = 4
print(f"{café} {变量}", "ünïcödé string")
