#ifndef HALMA_VERSION_H
#define HALMA_VERSION_H
#define HALMA_VERSION "0.1.0"
#endif
