/* expr_builtin.c */
