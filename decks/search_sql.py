from django.db.models import Q
def compile_query(node):
    return Q(name__icontains=node) if node else Q()
