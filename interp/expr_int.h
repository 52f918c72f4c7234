/* expr_int.h */
