/tmp/x/k.o: /p/k.cu /usr/include/a\ b.h \
  /p/k.h
/p/k.h:
