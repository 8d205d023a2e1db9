set terminal png size 800,500
set output 'calibration.png'
set title "The engine's root score and the game's result (halma match --log; dashed: logistic fits)"
set xlabel 'root score (hundredths of a move)'
set ylabel 'share of points won'
set xrange [-3000:3000]
set yrange [0:1]
set grid
set key bottom right
plot 'calibration.dat' index 0 using 1:2 with linespoints title 'self', 1/(1+exp(-(x-(-47))/620)) with lines dashtype 2 notitle, \
     'calibration.dat' index 1 using 1:2 with linespoints title 'ab-19', 1/(1+exp(-(x-(-5758))/1802)) with lines dashtype 2 notitle, \
     'calibration.dat' index 2 using 1:2 with linespoints title 'ab-13', 1/(1+exp(-(x-(-5102))/1802)) with lines dashtype 2 notitle, \
     'calibration.dat' index 3 using 1:2 with linespoints title 'greedy-19', \
     'calibration.dat' index 4 using 1:2 with linespoints title 'greedy-13', \
     'calibration.dat' index 5 using 1:2 with linespoints title 'stayers'
