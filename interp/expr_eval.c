/* expr_eval.c */
