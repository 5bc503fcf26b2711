# Placeholder: the API helper replaces this file.
urlpatterns = []
